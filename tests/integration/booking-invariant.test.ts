import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import {
  createAppointmentRepository,
  type AppointmentRepository,
} from '../../backend/src/capabilities/appointments/records/index';
import { ensureAppTable } from '../../backend/src/platform/dynamo/create-tables';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';
import { keys } from '../../backend/src/platform/dynamo/keys';
import type { Appointment } from '../../shared/schemas/appointment';

/**
 * The booking invariant against DynamoDB Local (docs/decisions/183-calendar-model.md "Booking invariant"):
 * no staff member or resource is ever double-booked, also when bookings of different lengths overlap partly
 * and callers book, move and cancel in parallel; appointments stored before ledgers existed keep working.
 */
const services = inject('localServices');
const tableName = `test-${randomUUID().slice(0, 8)}`;
const { client, doc } = createDynamoClients({ region: 'us-east-1', endpoint: services.dynamoDbEndpoint });
await ensureAppTable(client, tableName, { timeToLive: false });
const appointments: AppointmentRepository = createAppointmentRepository(doc, tableName);

const owner = () => `owner-${randomBytes(6).toString('hex')}`;
const MINUTE = 60_000;
/** An instant on a fixed future UTC day: "10:30" → 2027-03-10T10:30:00.000Z. */
const t = (clock: string, day = '2027-03-10') => new Date(`${day}T${clock}:00.000Z`);
const JORDAN = 'st_jordan001';
const SAM = 'st_sam000001';

const booking = (
  start: Date,
  minutes: number,
  extra: Partial<Appointment> = {},
): Parameters<AppointmentRepository['book']>[1] => ({
  starts_at: start.toISOString(),
  ends_at: new Date(start.getTime() + minutes * MINUTE).toISOString(),
  customer_name: 'Caller',
  customer_phone: '+14155550100',
  service: null,
  conversation_id: null,
  channel: 'sms',
  deposit: null,
  ...extra,
});

/** Every booked appointment of one staff member, with no two overlapping (start to end plus buffer). */
async function assertNoOverlap(ownerId: string, day = '2027-03-10') {
  const all = await appointments.listBetween(ownerId, t('00:00', day), t('23:59', day), 1000);
  const booked = all.filter((a) => a.status === 'booked');
  const byStaff = new Map<string, Appointment[]>();
  for (const a of booked)
    byStaff.set(a.staff_id ?? 'owner', [...(byStaff.get(a.staff_id ?? 'owner') ?? []), a]);
  for (const list of byStaff.values()) {
    const sorted = [...list].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
    for (let i = 1; i < sorted.length; i += 1) {
      const previousEnd = Date.parse(sorted[i - 1]!.ends_at) + (sorted[i - 1]!.buffer_minutes ?? 0) * MINUTE;
      expect(Date.parse(sorted[i]!.starts_at)).toBeGreaterThanOrEqual(previousEnd);
    }
  }
  return booked;
}

/** The ledger's held ids: exactly the booked appointments of that staff member that day. */
async function ledgerIds(ownerId: string, kind: 'STAFF' | 'RESOURCE', id: string, day = '2027-03-10') {
  const { Item } = await doc.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.bookingLedger(ownerId, kind, id, day),
      ConsistentRead: true,
    }),
  );
  return ((Item?.holds ?? []) as Array<{ id: string }>).map((h) => h.id).sort();
}

describe('Booking invariant: no staff member or resource is double-booked', () => {
  it('20 parallel callers on overlapping times of different lengths, 2 staff: exactly what the free time allows', async () => {
    const ownerId = owner();
    // Two groups per stylist: every request of a group covers 11:00 (or 14:00), so any two of a group
    // overlap and none overlaps the other group: exactly one booking per group and stylist can stand.
    const requests = Array.from({ length: 20 }, (_, n) => {
      const staff = n % 2 === 0 ? JORDAN : SAM;
      const late = n % 4 >= 2;
      const minutes = [30, 45, 60, 90, 120][n % 5]!;
      const lead = [0, 15, 25, 60, 5][(n >> 1) % 5]!;
      // Starts `lead` minutes (less than its length) before the group's instant.
      const start = new Date(t(late ? '14:00' : '11:00').getTime() - Math.min(lead, minutes - 5) * MINUTE);
      return booking(start, minutes, { staff_id: staff, staff_name: staff });
    });
    const results = await Promise.all(requests.map((r) => appointments.book(ownerId, r)));
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(4);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'taken')).toBe(true);
    const booked = await assertNoOverlap(ownerId);
    expect(booked).toHaveLength(4);
    for (const staff of [JORDAN, SAM]) {
      expect(await ledgerIds(ownerId, 'STAFF', staff)).toEqual(
        booked
          .filter((a) => a.staff_id === staff)
          .map((a) => a.id)
          .sort(),
      );
    }
  });

  it('two stylists book one start; one stylist’s 90 minutes block her next two half hours, back to back is fine', async () => {
    const ownerId = owner();
    const jordan = await appointments.book(ownerId, booking(t('10:00'), 90, { staff_id: JORDAN }));
    const sam = await appointments.book(ownerId, booking(t('10:00'), 30, { staff_id: SAM }));
    expect(jordan.ok && sam.ok).toBe(true);
    if (!jordan.ok || !sam.ok) return;
    expect(jordan.appointment.id).toContain(JORDAN);
    expect(jordan.appointment.id).not.toBe(sam.appointment.id);
    expect((await appointments.get(ownerId, jordan.appointment.id))?.staff_id).toBe(JORDAN);
    expect((await appointments.get(ownerId, sam.appointment.id))?.staff_id).toBe(SAM);
    // Both start at 10:00: a range ending exactly then still lists both.
    expect(await appointments.listBetween(ownerId, t('09:00'), t('10:00'))).toHaveLength(2);
    expect((await appointments.book(ownerId, booking(t('10:30'), 30, { staff_id: JORDAN }))).ok).toBe(false);
    expect((await appointments.book(ownerId, booking(t('11:00'), 30, { staff_id: JORDAN }))).ok).toBe(false);
    expect((await appointments.book(ownerId, booking(t('11:30'), 30, { staff_id: JORDAN }))).ok).toBe(true);
    expect((await appointments.book(ownerId, booking(t('10:30'), 30, { staff_id: SAM }))).ok).toBe(true);
    // A buffer keeps the time after it: Sam's 10:30 has 15 minutes, so 11:00 is taken and 11:15 is not.
    expect(
      (
        await appointments.book(
          ownerId,
          booking(t('11:30', '2027-03-11'), 30, { staff_id: SAM, buffer_minutes: 15 }),
        )
      ).ok,
    ).toBe(true);
    expect(
      (await appointments.book(ownerId, booking(t('12:00', '2027-03-11'), 30, { staff_id: SAM }))).ok,
    ).toBe(false);
    expect(
      (await appointments.book(ownerId, booking(t('12:15', '2027-03-11'), 30, { staff_id: SAM }))).ok,
    ).toBe(true);
    await assertNoOverlap(ownerId);
  });

  it('holds across midnight UTC in both days’ ledgers', async () => {
    const ownerId = owner();
    const late = await appointments.book(ownerId, booking(t('23:30'), 90, { staff_id: JORDAN }));
    expect(late.ok).toBe(true);
    expect(
      (await appointments.book(ownerId, booking(t('00:30', '2027-03-11'), 30, { staff_id: JORDAN }))).ok,
    ).toBe(false);
    expect(
      (await appointments.book(ownerId, booking(t('01:00', '2027-03-11'), 30, { staff_id: JORDAN }))).ok,
    ).toBe(true);
    expect(await ledgerIds(ownerId, 'STAFF', JORDAN, '2027-03-11')).toContain(late.ok && late.appointment.id);
  });

  it('parallel moves and cancellations keep it: one move wins a time, cancelled time is free again', async () => {
    const ownerId = owner();
    const booked: Appointment[] = [];
    for (let n = 0; n < 8; n += 1) {
      const result = await appointments.book(
        ownerId,
        booking(t(`${String(8 + (n >> 1)).padStart(2, '0')}:${n % 2 ? '30' : '00'}`), 30, {
          staff_id: JORDAN,
        }),
      );
      if (!result.ok) throw new Error('setup booking refused');
      booked.push(result.appointment);
    }
    // All eight want 45 minutes starting 15:00, 15:15 or 15:30 (all share 15:30–15:45) at once, while four
    // of them are being cancelled.
    const [moves, cancels] = await Promise.all([
      Promise.all(
        booked.map((a, n) => {
          const start = new Date(t('15:00').getTime() + (n % 3) * 15 * MINUTE);
          return appointments.reschedule(ownerId, a.id, {
            starts_at: start.toISOString(),
            ends_at: new Date(start.getTime() + 45 * MINUTE).toISOString(),
          });
        }),
      ),
      Promise.all(booked.slice(0, 4).map((a) => appointments.cancel(ownerId, a.id))),
    ]);
    expect(moves.filter((m) => m.ok)).toHaveLength(1);
    const after = await assertNoOverlap(ownerId);
    expect(await ledgerIds(ownerId, 'STAFF', JORDAN)).toEqual(after.map((a) => a.id).sort());
    // Every original is either still booked, cancelled, or moved: none is both moved and cancelled.
    const cancelledIds = cancels.filter(Boolean).map((a) => a!.id);
    const moved = moves.find((m) => m.ok);
    for (const id of cancelledIds) expect(moved?.ok && moved.appointment.id).not.toBe(id);
    expect(after).toHaveLength(8 - cancelledIds.length);

    // A move onto its own time, shifted by 15 minutes: its own hold does not block it.
    const own = after.find((a) => a.starts_at >= t('15:00').toISOString())!;
    const ownStart = Date.parse(own.starts_at);
    const shifted = await appointments.reschedule(ownerId, own.id, {
      starts_at: new Date(ownStart + 15 * MINUTE).toISOString(),
      ends_at: new Date(ownStart + 60 * MINUTE).toISOString(),
    });
    expect(shifted.ok).toBe(true);
    // A cancelled time is bookable again.
    const freed = booked.find((a) => cancelledIds.includes(a.id))!;
    expect(
      (await appointments.book(ownerId, booking(new Date(freed.starts_at), 30, { staff_id: JORDAN }))).ok,
    ).toBe(true);
    await assertNoOverlap(ownerId);
  });

  it('a resource of capacity 2: of 5 parallel bookings by 5 staff, exactly 2 stand', async () => {
    const ownerId = owner();
    const staff = Array.from({ length: 5 }, (_, n) => `st_room00${n}aa`);
    const results = await Promise.all(
      staff.map((id, n) =>
        appointments.book(ownerId, booking(t(`10:${n}5`), 60, { staff_id: id, resource_id: 'rs_chair001' }), {
          resourceCapacity: 2,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(await ledgerIds(ownerId, 'RESOURCE', 'rs_chair001')).toHaveLength(2);
    // After the first ends, the resource has room again.
    expect(
      (
        await appointments.book(
          ownerId,
          booking(t('12:00'), 30, { staff_id: staff[0], resource_id: 'rs_chair001' }),
          {
            resourceCapacity: 2,
          },
        )
      ).ok,
    ).toBe(true);
  });
});

describe('Migration: appointments stored before ledgers keep their keys, ids and hold their time', () => {
  /** An appointment as the code before ledgers stored it: APPT#<start>, id <compact start>-<hex>, no staff. */
  const legacy = async (ownerId: string, clock: string, status: 'booked' | 'cancelled' = 'booked') => {
    const start = t(clock);
    const item: Appointment = {
      ...booking(start, 30),
      id: `${start.toISOString().replace(/[-:]|\.\d{3}/g, '')}-${randomBytes(4).toString('hex')}`,
      owner_id: ownerId,
      status,
      created_at: new Date().toISOString(),
      cancelled_at: status === 'cancelled' ? new Date().toISOString() : null,
    };
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...item, ...keys.appointment(ownerId, item.starts_at) },
      }),
    );
    return item;
  };

  it('books around them, and gets, cancels and moves them by their old ids', async () => {
    const ownerId = owner();
    const ten = await legacy(ownerId, '10:00');
    const half = await legacy(ownerId, '10:30');
    await legacy(ownerId, '11:00', 'cancelled');
    expect(await ledgerIds(ownerId, 'STAFF', 'owner')).toEqual([]);
    // Overlapping a stored one: refused; the ledger is born with both stored bookings in it.
    expect((await appointments.book(ownerId, booking(t('10:15'), 30))).ok).toBe(false);
    expect((await appointments.book(ownerId, booking(t('09:45'), 30))).ok).toBe(false);
    const adjacent = await appointments.book(ownerId, booking(t('11:00'), 30));
    expect(adjacent.ok).toBe(true);
    expect(await ledgerIds(ownerId, 'STAFF', 'owner')).toEqual(
      [ten.id, half.id, adjacent.ok ? adjacent.appointment.id : ''].sort(),
    );
    // The implicit staff member's new ids and keys keep the old form.
    expect(adjacent.ok && adjacent.appointment.id).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{8}$/);
    expect(adjacent.ok && adjacent.appointment.staff_id).toBeUndefined();

    expect((await appointments.get(ownerId, ten.id))?.status).toBe('booked');
    expect((await appointments.cancel(ownerId, ten.id))?.status).toBe('cancelled');
    expect((await appointments.book(ownerId, booking(t('10:00'), 30))).ok).toBe(true);
    const moved = await appointments.reschedule(ownerId, half.id, {
      starts_at: t('13:00').toISOString(),
      ends_at: t('13:30').toISOString(),
    });
    expect(moved.ok).toBe(true);
    expect((await appointments.book(ownerId, booking(t('10:30'), 30))).ok).toBe(true);
    await assertNoOverlap(ownerId);
  });

  it('parallel first bookings of a day with stored appointments: the seeding races safely', async () => {
    const ownerId = owner();
    await legacy(ownerId, '10:00');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) => {
        // 10:00–10:20 starts overlap the stored 10:00–10:30; 12:00–12:20 starts, 35+ minutes, share 12:20–12:35.
        const start = new Date(t(n < 5 ? '10:00' : '12:00').getTime() + (n % 5) * 5 * MINUTE);
        return appointments.book(ownerId, booking(start, 35 + n));
      }),
    );
    // Every 10:00 one collides with the stored booking; of the 12:00 ones (all overlapping) one stands.
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await ledgerIds(ownerId, 'STAFF', 'owner')).toHaveLength(2);
    await assertNoOverlap(ownerId);
  });
});
