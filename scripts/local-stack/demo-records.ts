import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { writeInBatches } from '../../backend/src/platform/dynamo/batch-write';
import { createAppointmentRepository } from '../../backend/src/capabilities/appointments/records/appointments';
import { createConversationRepository } from '../../backend/src/capabilities/conversations/records/conversations';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { createOwnerMessageRepository } from '../../backend/src/capabilities/conversations/records/owner-messages';
import type { DemoBusinessHistory } from '../../backend/src/local/demo/demo-history';

const DAY_MS = 86_400_000;
const isDemoRecord = (record: { conversation_id: string | null }) =>
  Boolean(record.conversation_id?.startsWith('demo-'));

/**
 * The demo's conversations with their appointments and messages, written through the backend's repositories
 * as of the moment each was made. Those an earlier run wrote go first (a run on another day picks other slots),
 * so seeding again replaces rather than doubles; the owner's own bookings and messages are left alone.
 */
export async function replaceDemoRecords(
  doc: DynamoDBDocumentClient,
  tableName: string,
  sub: string,
  history: DemoBusinessHistory,
  now: Date,
) {
  const at = (iso: string) => () => new Date(iso);
  const conversations = createConversationRepository(doc, tableName);
  const appointments = createAppointmentRepository(doc, tableName);
  const messages = createOwnerMessageRepository(doc, tableName);
  const window = [new Date(now.getTime() - 365 * DAY_MS), new Date(now.getTime() + 60 * DAY_MS)] as const;
  const [oldConversations, oldAppointments, oldMessages] = await Promise.all([
    conversations.listAttributesBetween(sub, ...window, ['id', 'started_at']),
    appointments.listBetween(sub, ...window, 10_000),
    messages.takenBetween(sub, ...window),
  ]);
  // The same day's conversations keep their keys (they are overwritten); those of other days go.
  const kept = new Set(history.conversations.map((c) => `${c.started_at}#${c.id}`));
  const stale = [
    ...oldConversations
      .filter((c) => c.id.startsWith('demo-') && !kept.has(`${c.started_at}#${c.id}`))
      .map((c) => keys.conversation(sub, c.started_at, c.id)),
    ...oldMessages.filter(isDemoRecord).map((m) => keys.ownerMessage(sub, m.taken_at, m.id)),
  ];
  await writeInBatches(
    doc,
    tableName,
    stale.map((Key) => ({ DeleteRequest: { Key } })),
  );
  await conversations.saveConversations(sub, history.conversations);
  await inBatches(oldAppointments.filter(isDemoRecord), (a) => appointments.release(sub, a.id));
  await inBatches(history.bookings, (b) =>
    createAppointmentRepository(doc, tableName, at(b.bookedAt)).book(sub, {
      starts_at: b.startsAt,
      ends_at: b.endsAt,
      customer_name: b.customerName,
      customer_phone: b.customerPhone,
      service: b.service,
      conversation_id: b.conversationId,
      channel: b.channel,
      deposit: b.depositPaidAt
        ? { amount_cents: b.depositCents, paid: true, checkout_session_id: null, paid_at: b.depositPaidAt }
        : null,
    }),
  );
  await inBatches(history.messages, async (m) => {
    const saved = await createOwnerMessageRepository(doc, tableName, at(m.takenAt)).save(sub, {
      conversation_id: m.conversationId,
      name: m.name,
      callback_number: m.callbackNumber,
      reason: m.reason,
      channel: m.channel,
    });
    if (m.handledAt)
      await createOwnerMessageRepository(doc, tableName, at(m.handledAt)).markHandled(
        sub,
        saved.taken_at,
        saved.id,
      );
  });
}

/** Runs a repository call over the items 25 at a time (conditional writes, which BatchWrite cannot carry). */
async function inBatches<T>(items: readonly T[], write: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += 25) await Promise.all(items.slice(i, i + 25).map(write));
}
