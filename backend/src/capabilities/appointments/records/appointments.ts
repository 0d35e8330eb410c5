import { randomBytes } from 'node:crypto';
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { IMPLICIT_STAFF_ID } from '@shared/calendar-model';
import type { Language } from '@shared/language';
import type { Appointment, AppointmentAttendance } from '@shared/schemas/appointment';
import { APPOINTMENT_PREFIX, keys, userKey } from '../../../platform/dynamo/keys';
import { queryAll } from '../../../platform/dynamo/batch-write';
import {
  isAnyConditionFailure,
  transactionConditionFailures,
  unlessConditionFails,
} from '../../../platform/dynamo/condition-failures';
import { transactEach } from '../../../platform/dynamo/transact-each';
import {
  dayBounds,
  fits,
  heldIn,
  holdOf,
  ledgerRefsOf,
  touchesDay,
  utcDaysOf,
  type Hold,
  type LedgerRef,
} from './booking-ledger';

/**
 * Appointments (docs/data-model.md "Receptionist"): one item per start and staff member under the owner. No
 * staff member or resource is ever double-booked (docs/decisions/183-calendar-model.md "Booking
 * invariant"): each one's held intervals of a UTC day live in a versioned ledger item, and every booking,
 * move, cancellation and release writes the appointment and the ledgers it touches in ONE transaction
 * conditional on the versions it read, re-reading on a lost race. A cancelled appointment keeps its item
 * (history) until its key is booked again.
 */
const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk'];
const strip = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !KEY_ATTRIBUTES.includes(k))) as Appointment;

/**
 * The id carries the start (compact ISO) and a named staff member's id, so an id alone finds its item; the
 * suffix makes it unique. Ids of the implicit staff member keep the first form (20261201T150000Z-1a2b3c4d).
 */
const newId = (startsAtIso: string, staffId: string | undefined) =>
  `${startsAtIso.replace(/[-:]|\.\d{3}/g, '')}-${staffId ? `${staffId}-` : ''}${randomBytes(4).toString('hex')}`;
const ID_PATTERN = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-(?:(st_[a-z0-9]{8,16})-)?[0-9a-f]{8}$/;
const keyOfId = (ownerId: string, id: string) => {
  const match = ID_PATTERN.exec(id);
  if (!match) return undefined;
  const start = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}.000Z`;
  return keys.appointment(ownerId, start, match[7]);
};
const keyOf = (ownerId: string, appointment: Pick<Appointment, 'starts_at' | 'staff_id'>) =>
  keys.appointment(ownerId, new Date(appointment.starts_at).toISOString(), appointment.staff_id);
/** The last sort key of appointments starting at `iso`, named staff members' included (they sort after it). */
const lastKeyAt = (iso: string) => `${APPOINTMENT_PREFIX}${iso}#~`;

/** A day's ledger as read: its holds, and the version the transaction writes on top of (0: none yet). */
type Ledger = { key: { pk: string; sk: string }; version: number; holds: Hold[] };
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
/** Rounds of re-reading after a lost race before giving up: 20 parallel bookers of one person settle in fewer. */
const MAX_ATTEMPTS = 30;
/** What a booking needs beyond the appointment: the capacity of the resource it holds (default 1). */
export type BookOptions = { resourceCapacity?: number };
/** A move can change who does it and what (the dashboard's move); absent fields keep the appointment's. */
export type NewSlot = {
  starts_at: string;
  ends_at: string;
  language?: Language | undefined;
} & Partial<
  Pick<Appointment, 'staff_id' | 'staff_name' | 'service_id' | 'service' | 'buffer_minutes' | 'resource_id'>
>;

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
  const record = (ownerId: string, input: NewAppointment): Appointment => {
    // The implicit staff member is written as no staff_id: its items keep today's key, id and shape.
    const { staff_id, ...rest } = input;
    const staffId = staff_id && staff_id !== IMPLICIT_STAFF_ID ? staff_id : undefined;
    return {
      ...rest,
      ...(staffId ? { staff_id: staffId } : {}),
      id: newId(input.starts_at, staffId),
      owner_id: ownerId,
      status: 'booked',
      created_at: now().toISOString(),
      cancelled_at: null,
    };
  };

  /** Booked appointments that may hold part of a UTC day (longest hold: 8 hours plus a 2-hour buffer). */
  const bookedAround = async (ownerId: string, day: string): Promise<Appointment[]> => {
    const { start, end } = dayBounds(day);
    const found: Appointment[] = [];
    for await (const item of queryAll(doc, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      FilterExpression: '#status = :booked',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': userKey(ownerId),
        ':from': `${APPOINTMENT_PREFIX}${new Date(start - 11 * 3_600_000).toISOString()}`,
        ':to': lastKeyAt(new Date(end).toISOString()),
        ':booked': 'booked',
      },
      ConsistentRead: true,
    }))
      found.push(strip(item));
    return found;
  };

  /**
   * One ledger as it stands. A ledger that does not exist yet (a day nobody booked since ledgers began) is
   * seeded from the booked appointments that hold part of that day, read consistently: existing owners'
   * bookings need no migration step, and the first write of the ledger is conditional on its absence, so a
   * booking that raced the seeding is re-read.
   */
  const readLedger = async (ownerId: string, ref: LedgerRef, day: string): Promise<Ledger> => {
    const key = keys.bookingLedger(ownerId, ref.kind, ref.id, day);
    const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    if (Item) return { key, version: Number(Item.version), holds: (Item.holds ?? []) as Hold[] };
    const holds = (await bookedAround(ownerId, day))
      .filter((a) => heldIn(a, ref))
      .map(holdOf)
      .filter((hold) => touchesDay(hold, day));
    return { key, version: 0, holds };
  };

  /** The ledgers holds live in, each read once (a move within one day shares them). */
  const readLedgers = async (ownerId: string, wanted: ReadonlyArray<{ ref: LedgerRef; hold: Hold }>) => {
    const days = new Map<string, { ref: LedgerRef; day: string }>();
    for (const { ref, hold } of wanted) {
      for (const day of utcDaysOf(hold)) days.set(`${ref.kind}#${ref.id}#${day}`, { ref, day });
    }
    return Promise.all(
      [...days.values()].map(async ({ ref, day }) => ({
        ...(await readLedger(ownerId, ref, day)),
        ref,
        day,
      })),
    );
  };

  /** The ledger's new holds, written only if nobody changed it since it was read. */
  const ledgerWrite = (ledger: Ledger, holds: Hold[]): TransactItem =>
    ledger.version === 0
      ? {
          Put: {
            TableName: tableName,
            Item: { ...ledger.key, version: 1, holds },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        }
      : {
          Update: {
            TableName: tableName,
            Key: ledger.key,
            UpdateExpression: 'SET holds = :holds, version = :next',
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: {
              ':holds': holds,
              ':version': ledger.version,
              ':next': ledger.version + 1,
            },
          },
        };

  /**
   * Each read ledger's writes after removing the holds of `removed` (ids) and adding `added`; undefined when
   * an added hold does not fit (its staff member is busy, or its resource is full).
   */
  const ledgerItems = (
    ledgers: Awaited<ReturnType<typeof readLedgers>>,
    change: {
      removed: readonly string[];
      added: ReadonlyArray<{ ref: LedgerRef; hold: Hold; capacity: number }>;
    },
  ): TransactItem[] | undefined => {
    const items: TransactItem[] = [];
    for (const ledger of ledgers) {
      let holds = ledger.holds.filter((h) => !change.removed.includes(h.id));
      for (const { ref, hold, capacity } of change.added) {
        if (ref.kind !== ledger.ref.kind || ref.id !== ledger.ref.id || !touchesDay(hold, ledger.day))
          continue;
        if (!fits(holds, hold, capacity)) return undefined;
        holds = [...holds, hold];
      }
      items.push(ledgerWrite(ledger, holds));
    }
    return items;
  };

  /**
   * Plans a write from fresh reads and sends it as one transaction; when it is refused because a ledger
   * changed under it (another booking won the race) or the transaction conflicted, it plans again from new
   * reads. `refused` turns the appointment items' own failed conditions into the answer (undefined: retry).
   */
  const commit = async <R>(
    plan: () => Promise<
      { done: R } | { items: TransactItem[]; result: R; refused: (failures: boolean[]) => R | undefined }
    >,
    exhausted: R,
  ): Promise<R> => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const planned = await plan();
      if ('done' in planned) return planned.done;
      try {
        await doc.send(new TransactWriteCommand({ TransactItems: planned.items }));
        return planned.result;
      } catch (error) {
        const failures = transactionConditionFailures(error);
        if (!failures) throw error;
        const answer = planned.refused(failures);
        if (answer !== undefined) return answer;
        // A jittered, growing pause: the racers that lost spread out instead of colliding again.
        await new Promise((resolve) =>
          setTimeout(resolve, Math.random() * Math.min(200, 10 * (attempt + 1))),
        );
      }
    }
    return exhausted;
  };

  /** What an appointment holds: its staff member's time and, when it has one, a share of its resource. */
  const holdsOf = (appointment: Appointment, options: BookOptions = {}) => {
    const hold = holdOf(appointment);
    return ledgerRefsOf(appointment).map((ref) => ({
      ref,
      hold,
      capacity: ref.kind === 'RESOURCE' ? (options.resourceCapacity ?? 1) : 1,
    }));
  };
  /** The condition that an appointment is still the booked, unmarked one named by `id`. */
  const stillBooked = (id: string) => ({
    ConditionExpression: 'id = :id AND #status = :booked AND attribute_not_exists(attendance)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':id': id, ':booked': 'booked' } as Record<string, unknown>,
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
    const key = keyOfId(ownerId, id);
    if (!key) return undefined;
    try {
      const { Attributes } = await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
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
    /**
     * Books if its staff member is free for the appointment and its buffer (and its resource is under its
     * capacity); 'taken' otherwise. Callers that name no staff book the implicit staff member.
     */
    async book(ownerId: string, input: NewAppointment, options: BookOptions = {}): Promise<BookResult> {
      const appointment = record(ownerId, input);
      const added = holdsOf(appointment, options);
      const taken = { ok: false, reason: 'taken' } as const;
      return commit<BookResult>(async () => {
        const items = ledgerItems(await readLedgers(ownerId, added), { removed: [], added });
        if (!items) return { done: taken };
        const put = {
          TableName: tableName,
          Item: { ...appointment, ...keyOf(ownerId, appointment) },
          ...slotFree,
        };
        return {
          items: [{ Put: put }, ...items],
          result: { ok: true, appointment },
          refused: (failures) => (failures[0] ? taken : undefined),
        };
      }, taken);
    },

    async get(ownerId: string, id: string): Promise<Appointment | undefined> {
      const key = keyOfId(ownerId, id);
      if (!key) return undefined;
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
      );
      return Item && Item.id === id ? strip(Item) : undefined;
    },

    /**
     * Several of an owner's appointments by id (BatchGetItem, 100 keys a request, strongly consistent), for
     * the reminder sweep; ids that name no appointment are left out.
     */
    async getMany(ownerId: string, ids: readonly string[]): Promise<Map<string, Appointment>> {
      const found = new Map<string, Appointment>();
      const wanted = [...new Set(ids)].filter((id) => keyOfId(ownerId, id));
      // Two ids can name one key (a time booked again after a cancellation): BatchGetItem refuses repeats.
      const wantedKeys = [
        ...new Map(wanted.map((id) => [keyOfId(ownerId, id)!.sk, keyOfId(ownerId, id)!])).values(),
      ];
      for (let start = 0; start < wantedKeys.length; start += 100) {
        let keysLeft: Array<Record<string, unknown>> = wantedKeys.slice(start, start + 100);
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
      for await (const item of queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': userKey(ownerId),
          ':from': `${APPOINTMENT_PREFIX}${from.toISOString()}`,
          ':to': lastKeyAt(to.toISOString()),
        },
      })) {
        found.push(strip(item));
        // No further page is read once the limit is reached.
        if (found.length >= limit) break;
      }
      return found;
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
              ':to': lastKeyAt(to.toISOString()),
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

    /**
     * Cancels a booked appointment and frees what it held, in one transaction. `rescheduledTo` names the
     * appointment that replaces it (a scheduler page's reschedule), as `reschedule` does for its own moves.
     */
    async cancel(
      ownerId: string,
      id: string,
      options: { rescheduledTo?: string } = {},
    ): Promise<Appointment | undefined> {
      return commit<Appointment | undefined>(async () => {
        const current = await repository.get(ownerId, id);
        // A marked appointment (attended, no-show) is history: never cancelled, so never refunded.
        if (!current || current.status !== 'booked' || current.attendance) return { done: undefined };
        const at = now().toISOString();
        const moved = options.rescheduledTo;
        const ledgers = await readLedgers(ownerId, holdsOf(current));
        return {
          items: [
            {
              Update: {
                TableName: tableName,
                Key: keyOf(ownerId, current),
                UpdateExpression: `SET #status = :cancelled, cancelled_at = :at${moved ? ', rescheduled_to = :to' : ''}`,
                ...stillBooked(id),
                ExpressionAttributeValues: {
                  ...stillBooked(id).ExpressionAttributeValues,
                  ':cancelled': 'cancelled',
                  ':at': at,
                  ...(moved ? { ':to': moved } : {}),
                },
              },
            },
            ...ledgerItems(ledgers, { removed: [id], added: [] })!,
          ],
          result: {
            ...current,
            status: 'cancelled',
            cancelled_at: at,
            ...(moved ? { rescheduled_to: moved } : {}),
          },
          // Cancelled, moved or marked meanwhile: the next round reads it and says so.
          refused: () => undefined,
        };
      }, undefined);
    },

    /**
     * Moves a booking in one transaction: the new time is claimed (its staff member and resource must be
     * free, the appointment's own old hold aside), the old appointment cancelled and its hold freed, so a
     * failure leaves the caller with their old time, never with none or two, and the invariant holds
     * throughout. The slot may name another staff member or service (the dashboard's move).
     */
    async reschedule(
      ownerId: string,
      id: string,
      slot: NewSlot,
      options: BookOptions = {},
    ): Promise<{ ok: true; appointment: Appointment } | { ok: false; reason: 'taken' | 'not_found' }> {
      type Moved = { ok: true; appointment: Appointment } | { ok: false; reason: 'taken' | 'not_found' };
      const taken = { ok: false, reason: 'taken' } as const;
      return commit<Moved>(async () => {
        const current = await repository.get(ownerId, id);
        if (!current || current.status !== 'booked' || current.attendance) {
          return { done: { ok: false, reason: 'not_found' } };
        }
        const {
          id: _old,
          created_at: _created,
          cancelled_at: _c,
          status: _s,
          owner_id: _o,
          ...rest
        } = current;
        // The booking moves whole, its language too (decision 174), unless the caller now speaks another one.
        const { language, ...changes } = slot;
        const moved = record(ownerId, {
          ...rest,
          ...changes,
          ...(language ? { language } : {}),
          // Another service or person at the same start is a change, not a move: where it was stays as it was.
          ...(changes.starts_at !== current.starts_at ? { previous_starts_at: current.starts_at } : {}),
        });
        const added = holdsOf(moved, options);
        const ledgers = await readLedgers(ownerId, [...holdsOf(current), ...added]);
        const items = ledgerItems(ledgers, { removed: [id], added });
        if (!items) return { done: taken };
        const newKey = keyOf(ownerId, moved);
        const oldKey = keyOf(ownerId, current);
        // The same start of the same person is one item: it is replaced whole, on the same condition.
        const sameKey = newKey.sk === oldKey.sk;
        const claim = sameKey
          ? { Put: { TableName: tableName, Item: { ...moved, ...newKey }, ...stillBooked(id) } }
          : { Put: { TableName: tableName, Item: { ...moved, ...newKey }, ...slotFree } };
        const release = {
          Update: {
            TableName: tableName,
            Key: oldKey,
            UpdateExpression: 'SET #status = :cancelled, cancelled_at = :at, rescheduled_to = :to',
            ...stillBooked(id),
            ExpressionAttributeValues: {
              ...stillBooked(id).ExpressionAttributeValues,
              ':cancelled': 'cancelled',
              ':to': moved.id,
              ':at': now().toISOString(),
            },
          },
        };
        return {
          items: [claim, ...(sameKey ? [] : [release]), ...items],
          result: { ok: true, appointment: moved },
          // The new key held by a booked appointment: taken. The old one changed: the next round says so.
          refused: (failures) => (failures[0] && !sameKey ? taken : undefined),
        };
      }, taken);
    },

    /**
     * A booking made elsewhere (a scheduler page) that replaced this owner's earlier one: it keeps where the
     * replaced one was, as a move's new item does. Undefined when it is no longer booked.
     */
    async markMovedFrom(
      ownerId: string,
      id: string,
      previousStartsAt: string,
    ): Promise<Appointment | undefined> {
      const updated = await updateBooked(ownerId, id, {
        set: 'SET previous_starts_at = :from',
        values: { ':from': previousStartsAt },
        returnValues: 'ALL_NEW',
      });
      return updated?.attributes && strip(updated.attributes);
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
        [...new Set(ids)].filter((id) => keyOfId(ownerId, id)),
        (id) => ({
          Update: {
            TableName: tableName,
            Key: keyOfId(ownerId, id)!,
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
      const key = keyOfId(ownerId, id);
      if (!key) return;
      await unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key,
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
      await commit<void>(async () => {
        const current = await repository.get(ownerId, id);
        if (!current) return { done: undefined };
        const ledgers = current.status === 'booked' ? await readLedgers(ownerId, holdsOf(current)) : [];
        const remove = {
          TableName: tableName,
          Key: keyOf(ownerId, current),
          ConditionExpression: 'id = :id AND #status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':id': id, ':status': current.status },
        };
        return {
          items: [{ Delete: remove }, ...ledgerItems(ledgers, { removed: [id], added: [] })!],
          result: undefined,
          refused: () => undefined,
        };
      }, undefined);
    },

    /** Records the deposit asked for a booking and the checkout session that collects it. */
    async requestDeposit(
      ownerId: string,
      id: string,
      amountCents: number,
      sessionId: string,
      accountId: string,
    ) {
      const key = keyOfId(ownerId, id);
      if (!key) throw new Error('bad appointment id');
      await doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: key,
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
      const key = keyOfId(ownerId, id);
      if (!key) return false;
      return unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key,
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
      const key = keyOfId(ownerId, id);
      if (!key) return undefined;
      try {
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key,
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
