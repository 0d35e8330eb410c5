import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { createAppointmentRepository } from '../../backend/src/capabilities/appointments/records/index';
import { ensureAppTable } from '../../backend/src/platform/dynamo/create-tables';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';
import {
  busyOfAppointments,
  findAvailability,
  resolveStaffHours,
} from '../../shared/receptionist/availability';
import { addDays, isoDateOf, zonedParts } from '../../shared/receptionist/business-time';
import type { OpenInterval, WeeklyHours } from '../../shared/receptionist/opening-hours';
import type { Appointment } from '../../shared/schemas/appointment';
import type { Closure } from '../../shared/schemas/calendar-model';

/**
 * Property: for random services, staff hours, closures and bookings, every slot the engine offers respects
 * the hours, the closures and the staff member's bookings, booking it through the repository succeeds,
 * an arbitrary booking succeeds exactly when it overlaps nothing of that staff member, and in the end no
 * two booked appointments of one staff member overlap (docs/decisions/183-calendar-model.md).
 */
const services = inject('localServices');
const tableName = `test-${randomUUID().slice(0, 8)}`;
const { client, doc } = createDynamoClients({ region: 'us-east-1', endpoint: services.dynamoDbEndpoint });
await ensureAppTable(client, tableName, { timeToLive: false });
const appointments = createAppointmentRepository(doc, tableName);

const NY = 'America/New_York';
const MINUTE = 60_000;
/** Monday 2027-03-01, 7:00 in New York: the search window stays clear of the March 14 DST change. */
const NOW = new Date('2027-03-01T12:00:00.000Z');
const TODAY = { year: 2027, month: 3, day: 1 };

/** A day's open periods on the half hour between 6:00 and 21:00, sorted and not overlapping. */
const dayHours = fc
  .array(fc.tuple(fc.integer({ min: 12, max: 40 }), fc.integer({ min: 1, max: 16 })), { maxLength: 2 })
  .map((periods) => {
    const merged: OpenInterval[] = [];
    for (const [from, length] of [...periods].sort((a, b) => a[0] - b[0])) {
      const interval = { start: from * 30, end: Math.min(42, from + length) * 30 };
      const last = merged.at(-1);
      if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
      else if (interval.start < interval.end) merged.push(interval);
    }
    return merged;
  });
const week = fc.tuple(dayHours, dayHours, dayHours, dayHours, dayHours, dayHours, dayHours);
const asWeeklyHours = (days: OpenInterval[][]): WeeklyHours => ({ ...days }) as unknown as WeeklyHours;

const closure = fc
  .tuple(
    fc.integer({ min: 0, max: 8 }),
    fc.integer({ min: 0, max: 1 }),
    fc.option(fc.tuple(fc.integer({ min: 18, max: 38 }), fc.integer({ min: 1, max: 6 })), { nil: undefined }),
    fc.integer({ min: 0, max: 9 }),
  )
  .map(([offset, extra, part, tag]): Closure => ({
    id: `cl_property${tag}`,
    from: isoDateOf(addDays(TODAY, offset)),
    to: isoDateOf(addDays(TODAY, offset + extra)),
    start_minute: part ? part[0] * 30 : null,
    end_minute: part ? (part[0] + part[1]) * 30 : null,
    note: 'Closed.',
  }));

const scenario = fc.record({
  business: week,
  staff: fc.array(fc.option(week, { nil: null }), { minLength: 1, maxLength: 3 }),
  services: fc.array(
    fc.record({
      minutes: fc.integer({ min: 1, max: 36 }).map((n) => n * 5),
      buffer: fc.integer({ min: 0, max: 6 }).map((n) => n * 5),
      /** Bit i: staff member i does it (0: everyone). */
      doers: fc.nat({ max: 7 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  grid: fc.constantFrom(10, 15, 20, 30),
  closures: fc.array(closure, { maxLength: 2 }),
  actions: fc.array(
    fc.record({
      service: fc.nat(),
      asked: fc.option(fc.nat(), { nil: undefined }),
      day: fc.integer({ min: 0, max: 4 }),
      pick: fc.nat(),
      /** An arbitrary booking: a staff member, a start (5-minute steps of the UTC day, or near a booking), a length. */
      attack: fc.record({
        near: fc.boolean(),
        staff: fc.nat(),
        minute: fc.integer({ min: 0, max: 287 }),
        minutes: fc.integer({ min: 1, max: 24 }),
      }),
    }),
    { minLength: 3, maxLength: 8 },
  ),
});

const staffId = (n: number) => `st_propstaff${n}`;
const heldUntil = (a: Pick<Appointment, 'ends_at' | 'buffer_minutes'>) =>
  Date.parse(a.ends_at) + (a.buffer_minutes ?? 0) * MINUTE;
const overlapsBooked = (booked: Appointment[], staff: string, start: number, end: number) =>
  booked.some((a) => a.staff_id === staff && Date.parse(a.starts_at) < end && start < heldUntil(a));

const booking = (start: number, minutes: number, staff: string, buffer: number) => ({
  starts_at: new Date(start).toISOString(),
  ends_at: new Date(start + minutes * MINUTE).toISOString(),
  customer_name: 'Caller',
  customer_phone: '+14155550100',
  service: null,
  conversation_id: null,
  channel: 'sms',
  deposit: null,
  staff_id: staff,
  buffer_minutes: buffer,
});

describe('Property: random services, hours, closures and bookings never double-book a staff member', () => {
  it('offers only valid slots, books them, and refuses exactly the overlapping bookings', async () => {
    // How often each branch ran, so the property cannot pass by never booking anything.
    const seen = { offeredBooked: 0, refused: 0, accepted: 0 };
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const ownerId = `owner-${randomBytes(6).toString('hex')}`;
        const businessHours = asWeeklyHours(s.business);
        const staffHours = s.staff.map((own) => resolveStaffHours(businessHours, own));
        const booked = async () =>
          (
            await appointments.listBetween(
              ownerId,
              new Date(NOW.getTime() - 86_400_000),
              new Date(NOW.getTime() + 20 * 86_400_000),
              2000,
            )
          ).filter((a) => a.status === 'booked');

        for (const action of s.actions) {
          const service = s.services[action.service % s.services.length]!;
          const doers = s.staff
            .map((_, n) => n)
            .filter((n) => service.doers === 0 || (service.doers >> n) & 1)
            .filter((n) => action.asked === undefined || n === action.asked % s.staff.length);
          const existing = await booked();
          const day = addDays(TODAY, action.day);
          const answer = findAvailability({
            when: { from: day, to: day },
            now: NOW,
            timeZone: NY,
            businessHours,
            closures: s.closures,
            gridMinutes: s.grid,
            durationMinutes: service.minutes,
            bufferMinutes: service.buffer,
            staff: doers.map((n) => ({
              id: staffId(n),
              name: `Staff ${n}`,
              hours: staffHours[n]!,
              busy: busyOfAppointments(existing, staffId(n)),
            })),
            limit: 50,
          });
          for (const slot of answer.slots) {
            const start = slot.start.getTime();
            const local = zonedParts(slot.start, NY);
            const minute = local.hour * 60 + local.minute;
            const iso = isoDateOf(local);
            expect(slot.end.getTime() - start).toBe(service.minutes * MINUTE);
            expect(minute % s.grid).toBe(0);
            expect(start).toBeGreaterThanOrEqual(NOW.getTime() + 30 * MINUTE);
            for (const c of s.closures.filter((c) => c.from <= iso && iso <= c.to)) {
              if (c.start_minute === null)
                throw new Error(`slot ${slot.start.toISOString()} on a closed day`);
              expect(minute + service.minutes <= c.start_minute! || minute >= c.end_minute!).toBe(true);
            }
            expect(slot.staffIds.length).toBeGreaterThan(0);
            for (const id of slot.staffIds) {
              const n = Number(id.slice(-1));
              expect(doers).toContain(n);
              const open = staffHours[n]![local.weekday];
              expect(open.some((i) => i.start <= minute && minute + service.minutes <= i.end)).toBe(true);
              expect(
                overlapsBooked(existing, id, start, start + (service.minutes + service.buffer) * MINUTE),
              ).toBe(false);
            }
          }
          if (answer.slots.length > 0) {
            const slot = answer.slots[action.pick % answer.slots.length]!;
            const who = slot.staffIds[action.pick % slot.staffIds.length]!;
            const result = await appointments.book(
              ownerId,
              booking(slot.start.getTime(), service.minutes, who, service.buffer),
            );
            // Offered from fresh data, nobody else booking: the repository must agree it is free.
            expect(result.ok).toBe(true);
            seen.offeredBooked += 1;
          }

          // An arbitrary booking: it stands exactly when it overlaps nothing of that staff member.
          const now = await booked();
          const who = staffId(action.attack.staff % s.staff.length);
          // Half of them aimed near an existing booking (up to an hour before or after its start).
          const target = now[action.attack.minute % Math.max(1, now.length)];
          const start =
            action.attack.near && target
              ? Date.parse(target.starts_at) + ((action.attack.minute % 25) - 12) * 5 * MINUTE
              : Date.parse(`${isoDateOf(day)}T00:00:00.000Z`) + action.attack.minute * 5 * MINUTE;
          const minutes = action.attack.minutes * 5;
          const expected = !overlapsBooked(now, who, start, start + minutes * MINUTE);
          const result = await appointments.book(ownerId, booking(start, minutes, who, 0));
          expect(result.ok).toBe(expected);
          seen[expected ? 'accepted' : 'refused'] += 1;
        }

        const all = await booked();
        for (let n = 0; n < s.staff.length; n += 1) {
          const mine = all
            .filter((a) => a.staff_id === staffId(n))
            .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
          for (let i = 1; i < mine.length; i += 1) {
            expect(Date.parse(mine[i]!.starts_at)).toBeGreaterThanOrEqual(heldUntil(mine[i - 1]!));
          }
        }
      }),
      { numRuns: 25 },
    );
    expect(seen.offeredBooked).toBeGreaterThan(5);
    expect(seen.refused).toBeGreaterThan(5);
    expect(seen.accepted).toBeGreaterThan(5);
  }, 240_000);
});
