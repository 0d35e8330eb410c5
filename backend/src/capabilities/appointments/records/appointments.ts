import { randomBytes } from 'node:crypto';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Language } from '@shared/language';
import type { Appointment, AppointmentAttendance } from '@shared/schemas/appointment';
import { APPOINTMENT_PREFIX, keys, userKey } from '../../../platform/dynamo/keys';
import { isAnyConditionFailure, unlessConditionFails } from '../../../platform/dynamo/condition-failures';
import { transactEach } from '../../../platform/dynamo/transact-each';

/**
 * Appointments (docs/data-model.md "Receptionist"): one item per slot start under the owner, created with a
 * conditional put, so of any number of simultaneous bookings of one slot exactly one succeeds. A cancelled
 * appointment keeps its item (history) until the slot is booked again.
 */
const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk'];
const strip = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !KEY_ATTRIBUTES.includes(k))) as Appointment;

/** The id carries the slot start (compact ISO), so an id alone finds its item; the suffix makes it unique. */
const newId = (startsAtIso: string) =>
  `${startsAtIso.replace(/[-:]|\.\d{3}/g, '')}-${randomBytes(4).toString('hex')}`;
const startOfId = (id: string) => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-[0-9a-f]{8}$/.exec(id);
  return match ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}.000Z` : undefined;
};

export type NewAppointment = Omit<Appointment, 'id' | 'status' | 'created_at' | 'cancelled_at' | 'owner_id'>;
export type AttendanceResult =
  | { ok: true; changed: boolean; appointment: Appointment }
  | { ok: false; reason: 'not_found' | 'cancelled' | 'not_started' };
export type BookResult = { ok: true; appointment: Appointment } | { ok: false; reason: 'taken' };

export function createAppointmentRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const slotFree = {
    ConditionExpression: 'attribute_not_exists(pk) OR #status = :cancelled',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':cancelled': 'cancelled' },
  };
  const record = (ownerId: string, input: NewAppointment): Appointment => ({
    ...input,
    id: newId(input.starts_at),
    owner_id: ownerId,
    status: 'booked',
    created_at: now().toISOString(),
    cancelled_at: null,
  });
  /**
   * One conditional update of a booked appointment named by its id (plus `condition`, when given). Undefined
   * when the id names no appointment or the condition failed; otherwise what `returnValues` asked for.
   */
  const updateBooked = async (
    ownerId: string,
    id: string,
    update: {
      set: string;
      condition?: string;
      values: Record<string, unknown>;
      returnValues: 'ALL_NEW' | 'UPDATED_OLD';
    },
  ): Promise<{ attributes: Record<string, unknown> | undefined } | undefined> => {
    const start = startOfId(id);
    if (!start) return undefined;
    try {
      const { Attributes } = await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.appointment(ownerId, start),
          UpdateExpression: update.set,
          ConditionExpression: ['id = :id AND #status = :booked', update.condition]
            .filter(Boolean)
            .join(' AND '),
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':id': id, ':booked': 'booked', ...update.values },
          ReturnValues: update.returnValues,
        }),
      );
      return { attributes: Attributes };
    } catch (error) {
      if (isAnyConditionFailure(error)) return undefined;
      throw error;
    }
  };

  const repository = {
    async book(ownerId: string, input: NewAppointment): Promise<BookResult> {
      const appointment = record(ownerId, input);
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...appointment, ...keys.appointment(ownerId, appointment.starts_at) },
            ...slotFree,
          }),
        );
        return { ok: true, appointment };
      } catch (error) {
        if (isAnyConditionFailure(error)) return { ok: false, reason: 'taken' };
        throw error;
      }
    },

    async get(ownerId: string, id: string): Promise<Appointment | undefined> {
      const start = startOfId(id);
      if (!start) return undefined;
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.appointment(ownerId, start), ConsistentRead: true }),
      );
      return Item && Item.id === id ? strip(Item) : undefined;
    },

    /**
     * Several of an owner's appointments by id (BatchGetItem, 100 keys a request, strongly consistent), for
     * the reminder sweep; ids that name no appointment are left out.
     */
    async getMany(ownerId: string, ids: readonly string[]): Promise<Map<string, Appointment>> {
      const found = new Map<string, Appointment>();
      const wanted = [...new Set(ids)].filter((id) => startOfId(id));
      for (let start = 0; start < wanted.length; start += 100) {
        let keysLeft: Array<Record<string, unknown>> = wanted
          .slice(start, start + 100)
          .map((id) => keys.appointment(ownerId, startOfId(id)!));
        for (let attempt = 0; keysLeft.length > 0; attempt += 1) {
          if (attempt >= 8) throw new Error('batch get kept being throttled');
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
          const page = await doc.send(
            new BatchGetCommand({
              RequestItems: { [tableName]: { Keys: keysLeft, ConsistentRead: true } },
            }),
          );
          for (const item of page.Responses?.[tableName] ?? []) {
            const appointment = strip(item);
            if (wanted.includes(appointment.id)) found.set(appointment.id, appointment);
          }
          keysLeft = (page.UnprocessedKeys?.[tableName]?.Keys ?? []) as typeof keysLeft;
        }
      }
      return found;
    },

    /** Appointments starting between from and to (inclusive), any status, soonest first. */
    async listBetween(ownerId: string, from: Date, to: Date, limit = 500): Promise<Appointment[]> {
      const found: Appointment[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            ExpressionAttributeValues: {
              ':pk': userKey(ownerId),
              ':from': `${APPOINTMENT_PREFIX}${from.toISOString()}`,
              ':to': `${APPOINTMENT_PREFIX}${to.toISOString()}`,
            },
            ExclusiveStartKey: startKey,
          }),
        );
        found.push(...(page.Items ?? []).map(strip));
        startKey = page.LastEvaluatedKey;
      } while (startKey && found.length < limit);
      return found.slice(0, limit);
    },

    /** Booked appointments that have not started yet (within `days`), soonest first. */
    async upcoming(ownerId: string, days = 90): Promise<Appointment[]> {
      const from = now();
      const to = new Date(from.getTime() + days * 86_400_000);
      return (await repository.listBetween(ownerId, from, to)).filter((a) => a.status === 'booked');
    },

    /** Booked appointments that started within the last `days`, latest first: the ones the owner marks. */
    async recentPast(ownerId: string, days: number): Promise<Appointment[]> {
      const to = now();
      const from = new Date(to.getTime() - days * 86_400_000);
      return (await repository.listBetween(ownerId, from, to)).filter((a) => a.status === 'booked').reverse();
    },

    /**
     * What one query of the owner's own partition finds for a filter on the appointments starting in a
     * range (a caller's number, a conversation): the filter runs in DynamoDB, so only matches travel.
     */
    async matching(
      ownerId: string,
      from: Date,
      to: Date,
      filter: { attribute: 'customer_phone' | 'conversation_id'; value: string },
    ): Promise<Appointment[]> {
      const found: Appointment[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            FilterExpression: '#attribute = :value',
            ExpressionAttributeNames: { '#attribute': filter.attribute },
            ExpressionAttributeValues: {
              ':pk': userKey(ownerId),
              ':from': `${APPOINTMENT_PREFIX}${from.toISOString()}`,
              ':to': `${APPOINTMENT_PREFIX}${to.toISOString()}`,
              ':value': filter.value,
            },
            ExclusiveStartKey: startKey,
          }),
        );
        found.push(...(page.Items ?? []).map(strip));
        startKey = page.LastEvaluatedKey;
      } while (startKey && found.length < 100);
      return found;
    },

    /** One caller's next booked appointment with the owner (within `days`), if any. */
    async nextOf(ownerId: string, phone: string, days = 90): Promise<Appointment | undefined> {
      const from = now();
      const to = new Date(from.getTime() + days * 86_400_000);
      const found = await repository.matching(ownerId, from, to, {
        attribute: 'customer_phone',
        value: phone,
      });
      return found.find((a) => a.status === 'booked');
    },

    async cancel(ownerId: string, id: string): Promise<Appointment | undefined> {
      const updated = await updateBooked(ownerId, id, {
        set: 'SET #status = :cancelled, cancelled_at = :at',
        // A marked appointment (attended, no-show) is history: never cancelled, so never refunded.
        condition: 'attribute_not_exists(attendance)',
        values: { ':cancelled': 'cancelled', ':at': now().toISOString() },
        returnValues: 'ALL_NEW',
      });
      return updated?.attributes ? strip(updated.attributes) : undefined;
    },

    /**
     * Moves a booking to a new slot in one transaction: the new slot is claimed (it must be free) and the old
     * one released, so a failure leaves the caller with their old time, never with none or two.
     */
    async reschedule(
      ownerId: string,
      id: string,
      slot: { starts_at: string; ends_at: string; language?: Language | undefined },
    ): Promise<{ ok: true; appointment: Appointment } | { ok: false; reason: 'taken' | 'not_found' }> {
      const current = await repository.get(ownerId, id);
      if (!current || current.status !== 'booked') return { ok: false, reason: 'not_found' };
      const { id: _old, created_at: _created, cancelled_at: _c, status: _s, owner_id: _o, ...rest } = current;
      // The booking moves whole, its language too (decision 174), unless the caller now speaks another one.
      const { language, ...times } = slot;
      const moved = record(ownerId, { ...rest, ...times, ...(language ? { language } : {}) });
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...moved, ...keys.appointment(ownerId, moved.starts_at) },
                  ...slotFree,
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.appointment(ownerId, current.starts_at),
                  UpdateExpression: 'SET #status = :cancelled, cancelled_at = :at, rescheduled_to = :to',
                  ConditionExpression: 'id = :id AND #status = :booked AND attribute_not_exists(attendance)',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: {
                    ':cancelled': 'cancelled',
                    ':booked': 'booked',
                    ':id': id,
                    ':to': moved.id,
                    ':at': now().toISOString(),
                  },
                },
              },
            ],
          }),
        );
        return { ok: true, appointment: moved };
      } catch (error) {
        if (isAnyConditionFailure(error)) return { ok: false, reason: 'taken' };
        throw error;
      }
    },

    /**
     * The caller confirmed a booked appointment (a reply to its reminder): `confirmed_at` is set once, and a
     * second confirmation keeps the first time. Undefined when it is not booked (cancelled, moved, unknown).
     */
    async confirm(ownerId: string, id: string, at: Date): Promise<{ already: boolean } | undefined> {
      const updated = await updateBooked(ownerId, id, {
        set: 'SET confirmed_at = if_not_exists(confirmed_at, :at)',
        values: { ':at': at.toISOString() },
        returnValues: 'UPDATED_OLD',
      });
      return updated && { already: typeof updated.attributes?.confirmed_at === 'string' };
    },

    /** A reminder was sent: the first time is kept (the confirmation rate counts reminded appointments). */
    async markReminded(ownerId: string, ids: readonly string[], at: Date): Promise<void> {
      // 25 to a transaction; one that names a deleted appointment fails its condition and is dropped.
      await transactEach(
        doc,
        [...new Set(ids)].filter((id) => startOfId(id)),
        (id) => ({
          Update: {
            TableName: tableName,
            Key: keys.appointment(ownerId, startOfId(id)!),
            UpdateExpression: 'SET reminded_at = if_not_exists(reminded_at, :at)',
            ConditionExpression: 'id = :id',
            ExpressionAttributeValues: { ':id': id, ':at': at.toISOString() },
          },
        }),
      );
    },

    /**
     * The owner's mark after the appointment's start (docs/decisions/177-caller-memory.md): one conditional
     * update, so it holds only for a booked appointment that has started, never races a cancellation into
     * both, and repeating the same mark changes nothing (its first time stays).
     */
    async markAttendance(
      ownerId: string,
      id: string,
      attendance: AppointmentAttendance,
    ): Promise<AttendanceResult> {
      const updated = await updateBooked(ownerId, id, {
        set: 'SET attendance = :attendance, attendance_marked_at = :at',
        condition: 'starts_at <= :at AND (attribute_not_exists(attendance) OR attendance <> :attendance)',
        values: { ':attendance': attendance, ':at': now().toISOString() },
        returnValues: 'ALL_NEW',
      });
      if (updated) return { ok: true, changed: true, appointment: strip(updated.attributes ?? {}) };
      const current = await repository.get(ownerId, id);
      if (!current) return { ok: false, reason: 'not_found' };
      if (current.status !== 'booked') return { ok: false, reason: 'cancelled' };
      if (current.attendance === attendance) return { ok: true, changed: false, appointment: current };
      return { ok: false, reason: 'not_started' };
    },

    /** The connected calendar's event that mirrors the booking, so a move or cancellation follows it. */
    async setCalendarEvent(ownerId: string, id: string, eventId: string): Promise<void> {
      const start = startOfId(id);
      if (!start) return;
      await unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.appointment(ownerId, start),
            UpdateExpression: 'SET calendar_event_id = :event',
            ConditionExpression: 'id = :id',
            ExpressionAttributeValues: { ':event': eventId, ':id': id },
          }),
        ),
      );
    },

    /**
     * Takes back a claim that must not stand (the owner's calendar was booked at the same moment): the item
     * goes, so the slot is free and nothing shows as cancelled for a booking that never was.
     */
    async release(ownerId: string, id: string): Promise<void> {
      const start = startOfId(id);
      if (!start) return;
      await unlessConditionFails(() =>
        doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.appointment(ownerId, start),
            ConditionExpression: 'id = :id',
            ExpressionAttributeValues: { ':id': id },
          }),
        ),
      );
    },

    /** Records the deposit asked for a booking and the checkout session that collects it. */
    async requestDeposit(
      ownerId: string,
      id: string,
      amountCents: number,
      sessionId: string,
      accountId: string,
    ) {
      const start = startOfId(id);
      if (!start) throw new Error('bad appointment id');
      await doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: keys.appointment(ownerId, start),
                UpdateExpression: 'SET deposit = :deposit',
                ConditionExpression: 'id = :id',
                ExpressionAttributeValues: {
                  ':id': id,
                  ':deposit': {
                    amount_cents: amountCents,
                    paid: false,
                    checkout_session_id: sessionId,
                    paid_at: null,
                    account_id: accountId,
                  },
                },
              },
            },
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...keys.depositSession(sessionId),
                  owner_id: ownerId,
                  appointment_id: id,
                  amount_cents: amountCents,
                  account_id: accountId,
                  created_at: now().toISOString(),
                },
              },
            },
          ],
        }),
      );
    },

    /** Who a deposit session belongs to (the payment webhook's look-up). */
    async depositSession(
      sessionId: string,
    ): Promise<
      { ownerId: string; appointmentId: string; amountCents: number; accountId?: string } | undefined
    > {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.depositSession(sessionId), ConsistentRead: true }),
      );
      return Item
        ? {
            ownerId: String(Item.owner_id),
            appointmentId: String(Item.appointment_id),
            amountCents: Number(Item.amount_cents),
            ...(typeof Item.account_id === 'string' ? { accountId: Item.account_id } : {}),
          }
        : undefined;
    },

    /** Records a deposit's refund once; false when it was already recorded (a retried cancellation). */
    async markDepositRefunded(ownerId: string, id: string, refundId: string): Promise<boolean> {
      const start = startOfId(id);
      if (!start) return false;
      return unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.appointment(ownerId, start),
            UpdateExpression: 'SET deposit.refunded_at = :at, deposit.refund_id = :r',
            ConditionExpression:
              'id = :id AND deposit.paid = :true AND attribute_not_exists(deposit.refunded_at)',
            ExpressionAttributeValues: {
              ':id': id,
              ':true': true,
              ':at': now().toISOString(),
              ':r': refundId,
            },
          }),
        ),
      );
    },

    /** Marks the deposit paid once: 'paid' the first time, 'already' for a repeated webhook. */
    async markDepositPaid(
      ownerId: string,
      id: string,
      sessionId: string,
    ): Promise<{ result: 'paid' | 'already'; appointment: Appointment } | undefined> {
      const start = startOfId(id);
      if (!start) return undefined;
      try {
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.appointment(ownerId, start),
            UpdateExpression: 'SET deposit.paid = :true, deposit.paid_at = :at',
            ConditionExpression:
              'id = :id AND deposit.checkout_session_id = :session AND deposit.paid = :false',
            ExpressionAttributeValues: {
              ':id': id,
              ':session': sessionId,
              ':true': true,
              ':false': false,
              ':at': now().toISOString(),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? { result: 'paid', appointment: strip(Attributes) } : undefined;
      } catch (error) {
        if (!isAnyConditionFailure(error)) throw error;
        const appointment = await repository.get(ownerId, id);
        return appointment?.deposit?.paid ? { result: 'already', appointment } : undefined;
      }
    },
  };
  return repository;
}
export type AppointmentRepository = ReturnType<typeof createAppointmentRepository>;
