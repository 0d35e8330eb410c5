import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';
import { keys } from '../../../platform/dynamo/keys';
import type { Language } from '@shared/language';

/** A pending booking lasts a week: a caller who never opens the link leaves nothing behind. */
export const SCHEDULING_LINK_TTL_SECONDS = 7 * 24 * 3_600;

export type SchedulingLinkBooking = {
  token: string;
  owner_id: string;
  conversation_id: string;
  channel: string;
  /** Who the assistant spoke with: the confirmation text goes to this number. */
  caller: string;
  name: string;
  service: string | null;
  /** The time the caller chose with the assistant (the page may still pick another). */
  requested_start: string;
  /** A reschedule: the appointment the confirmed booking replaces (cancelled then). */
  replaces?: string;
  /** The thread's language when the link was sent: the confirmation is texted in it (decision 174). */
  language?: Language;
  status: 'pending' | 'booked' | 'conflict';
  appointment_id?: string;
  created_at: string;
};

/**
 * Issue 12 §1, Calendly (docs/decisions/151): the assistant texts the owner's scheduling link carrying a
 * random token and records the booking as pending here; the signed `invitee.created` webhook finds it by
 * that token and confirms it exactly once.
 */
export function createSchedulingLinkBookingRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
    async create(
      booking: Omit<SchedulingLinkBooking, 'status' | 'created_at'>,
    ): Promise<SchedulingLinkBooking> {
      const item: SchedulingLinkBooking = { ...booking, status: 'pending', created_at: now().toISOString() };
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.schedulingLinkBooking(booking.token),
            ...item,
            expires_at: Math.floor(now().getTime() / 1000) + SCHEDULING_LINK_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return item;
    },

    async get(token: string): Promise<SchedulingLinkBooking | undefined> {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.schedulingLinkBooking(token),
          ConsistentRead: true,
        }),
      );
      if (!Item) return undefined;
      const { pk: _pk, sk: _sk, expires_at: _e, ...booking } = Item;
      return booking as SchedulingLinkBooking;
    },

    /** Settles a pending booking once; false when it was settled already (a repeated webhook). */
    async settle(token: string, outcome: { status: 'booked' | 'conflict'; appointmentId?: string }) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.schedulingLinkBooking(token),
            UpdateExpression: 'SET #status = :s, appointment_id = :a',
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':s': outcome.status,
              ':a': outcome.appointmentId ?? null,
              ':pending': 'pending',
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}
export type SchedulingLinkBookingRepository = ReturnType<typeof createSchedulingLinkBookingRepository>;
