import { describe, expect, it } from 'vitest';
import { IMPLICIT_STAFF_ID } from '../calendar-model';
import type { CalendarModel, Closure } from '../schemas/calendar-model';
import {
  busyOfAppointments,
  findAvailability,
  peakOverlap,
  resolveStaffHours,
  staffForService,
  type AvailabilityQuery,
  type BookableStaff,
} from './availability';
import { zonedInstant, zonedParts } from './business-time';
import type { WhenRequest } from './date-phrases';
import type { WeeklyHours } from './opening-hours';

const NY = 'America/New_York';
const nineToFive = { start: 540, end: 1020 };
const business: WeeklyHours = {
  0: [nineToFive],
  1: [
    { start: 540, end: 720 },
    { start: 780, end: 1020 },
  ],
  2: [nineToFive],
  3: [nineToFive],
  4: [nineToFive],
  5: [{ start: 600, end: 840 }],
  6: [],
};
const at = (day: number, hour: number, minute = 0, month = 11) =>
  zonedInstant({ year: 2026, month, day, hour, minute }, NY);
const clock = (date: Date) => {
  const p = zonedParts(date, NY);
  return `${p.month}/${p.day} ${p.hour}:${String(p.minute).padStart(2, '0')}`;
};
const now = at(23, 10); // Monday 10:00
const day = (d: number, time?: number, month = 11): WhenRequest => ({
  from: { year: 2026, month, day: d },
  to: { year: 2026, month, day: d },
  ...(time !== undefined ? { time } : {}),
});
const stylist = (id: string, busy: BookableStaff['busy'] = [], hours = business): BookableStaff => ({
  id,
  name: id,
  hours,
  busy,
});
const query = (over: Partial<AvailabilityQuery>): AvailabilityQuery => ({
  when: undefined,
  now,
  timeZone: NY,
  businessHours: business,
  closures: [],
  gridMinutes: 30,
  durationMinutes: 30,
  bufferMinutes: 0,
  staff: [stylist(IMPLICIT_STAFF_ID)],
  limit: 100,
  ...over,
});
const closure = (over: Partial<Closure>): Closure => ({
  id: 'cl_closure01',
  from: '2026-11-26',
  to: '2026-11-26',
  start_minute: null,
  end_minute: null,
  note: 'We’re closed on Thanksgiving.',
  ...over,
});
/** "10:30 st_a st_b" per slot. */
const listing = (answer: ReturnType<typeof findAvailability>) =>
  answer.slots.map((s) => `${clock(s.start).split(' ')[1]} ${s.staffIds.join(' ')}`);

describe('findAvailability', () => {
  it('lets a 90-minute booking block the next two half-hour slots of that stylist only', () => {
    const answer = findAvailability(
      query({
        when: day(24),
        staff: [stylist('st_aaaaaaaa', [{ start: at(24, 10), end: at(24, 11, 30) }]), stylist('st_bbbbbbbb')],
      }),
    );
    const rows = listing(answer).filter((r) => /^(9:30|10:|11:)/.test(r));
    expect(rows).toEqual([
      '9:30 st_aaaaaaaa st_bbbbbbbb',
      '10:00 st_bbbbbbbb',
      '10:30 st_bbbbbbbb',
      '11:00 st_bbbbbbbb',
      '11:30 st_aaaaaaaa st_bbbbbbbb',
    ]);
  });

  it('needs the whole duration free and inside the hours: a 90-minute service', () => {
    const answer = findAvailability(
      query({
        when: day(24),
        durationMinutes: 90,
        staff: [stylist('st_aaaaaaaa', [{ start: at(24, 15), end: at(24, 15, 30) }])],
      }),
    );
    // Tuesday is split 9–12 and 1–5: 10:30 is the last morning start; 2:00 would run into the 3:00 booking.
    expect(listing(answer).map((r) => r.split(' ')[0])).toEqual([
      '9:00',
      '9:30',
      '10:00',
      '10:30',
      '13:00',
      '13:30',
      '15:30',
    ]);
    expect(answer.slots[0]!.end.getTime() - answer.slots[0]!.start.getTime()).toBe(90 * 60_000);
  });

  it('keeps the buffer free after the service, and existing bookings keep theirs', () => {
    const booked = busyOfAppointments(
      [
        {
          starts_at: at(25, 11).toISOString(),
          ends_at: at(25, 11, 30).toISOString(),
          status: 'booked',
          staff_id: 'st_aaaaaaaa',
          buffer_minutes: 15,
        },
      ],
      'st_aaaaaaaa',
    );
    const answer = findAvailability(
      query({
        when: day(25),
        gridMinutes: 15,
        durationMinutes: 45,
        bufferMinutes: 15,
        staff: [stylist('st_aaaaaaaa', booked)],
      }),
    );
    const starts = listing(answer).map((r) => r.split(' ')[0]);
    // 10:00 + 45 + 15 ends at 11:00 exactly; 10:15 would run into the booking; the booking's buffer holds 11:30–11:45.
    expect(starts).toContain('10:00');
    expect(starts).not.toContain('10:15');
    expect(starts).not.toContain('11:30');
    expect(starts).toContain('11:45');
  });

  it.each([
    [10, ['9:00', '9:10', '9:20', '9:30']],
    [15, ['9:00', '9:15', '9:30']],
    [20, ['9:00', '9:20']],
    [30, ['9:00', '9:30']],
  ])('puts starts on the %i-minute grid of the local day', (grid, expected) => {
    const hours: WeeklyHours = { ...business, 2: [{ start: 540, end: 600 }] };
    const answer = findAvailability(
      query({
        when: day(25),
        gridMinutes: grid,
        businessHours: hours,
        staff: [stylist('st_aaaaaaaa', [], hours)],
      }),
    );
    expect(listing(answer).map((r) => r.split(' ')[0])).toEqual(expected);
  });

  it('books a stylist only inside both their hours and the business’s (split days)', () => {
    const own = [[{ start: 600, end: 900 }], [{ start: 600, end: 900 }], [], [], [], [], []] as const;
    const hours = resolveStaffHours(business, own);
    expect(hours[1]).toEqual([
      { start: 600, end: 720 },
      { start: 780, end: 900 },
    ]);
    expect(hours[2]).toEqual([]);
    const answer = findAvailability(
      query({ when: day(24), durationMinutes: 60, staff: [stylist('st_aaaaaaaa', [], hours)] }),
    );
    expect(listing(answer).map((r) => r.split(' ')[0])).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '13:00',
      '13:30',
      '14:00',
    ]);
    expect(resolveStaffHours(business, null)).toEqual(business);
  });

  it('blocks only the minutes of a partial closure and names it when the asked time is inside', () => {
    const lunch = closure({
      from: '2026-11-25',
      to: '2026-11-25',
      start_minute: 720,
      end_minute: 840,
      note: 'Staff lunch.',
    });
    const answer = findAvailability(query({ when: day(25), closures: [lunch], durationMinutes: 60 }));
    const starts = listing(answer).map((r) => r.split(' ')[0]);
    expect(starts).toContain('11:00');
    expect(starts).not.toContain('11:30');
    expect(starts).not.toContain('13:30');
    expect(starts).toContain('14:00');
    const asked = findAvailability(query({ when: day(25, 750), closures: [lunch], limit: 3 }));
    expect(asked.exact).toBeUndefined();
    expect(asked.closure?.note).toBe('Staff lunch.');
    expect(asked.slots.map((slot) => clock(slot.start))).toEqual([
      '11/25 11:00',
      '11/25 11:30',
      '11/25 14:00',
    ]);
  });

  it('closes a whole day for a closure, says which, and offers the next open day', () => {
    const holiday = closure({ from: '2026-11-26', to: '2026-11-27' });
    const answer = findAvailability(query({ when: day(26), closures: [holiday], limit: 3 }));
    expect(answer.problem).toBe('closed');
    expect(answer.closure?.note).toBe('We’re closed on Thanksgiving.');
    expect(clock(answer.slots[0]!.start)).toBe('11/28 10:00');
    const atTime = findAvailability(query({ when: day(27, 600), closures: [holiday], limit: 3 }));
    expect(atTime.exact).toBeUndefined();
    expect(atTime.closure?.id).toBe('cl_closure01');
    expect(clock(atTime.slots[0]!.start)).toBe('11/28 10:00');
    const open = findAvailability(query({ when: day(25), closures: [holiday] }));
    expect(open.closure).toBeUndefined();
  });

  it('shares a resource up to its capacity', () => {
    const twoAtTen = [
      { start: at(25, 10), end: at(25, 11) },
      { start: at(25, 10, 30), end: at(25, 11, 30) },
    ];
    const answer = findAvailability(
      query({ when: day(25), durationMinutes: 60, resource: { capacity: 2, busy: twoAtTen } }),
    );
    const starts = listing(answer).map((r) => r.split(' ')[0]);
    expect(starts).toContain('9:00');
    expect(starts).toContain('9:30'); // until 10:30 only one is in use
    expect(starts).not.toContain('10:00'); // 10:30–10:59 has both in use
    expect(starts).not.toContain('10:30');
    expect(starts).toContain('11:00'); // only the 10:30 one left
    const roomy = findAvailability(
      query({ when: day(25), durationMinutes: 60, resource: { capacity: 3, busy: twoAtTen } }),
    );
    expect(listing(roomy).map((r) => r.split(' ')[0])).toContain('10:00');
    // Back to back is not overlap.
    expect(
      peakOverlap(
        [
          { start: at(25, 9), end: at(25, 10) },
          { start: at(25, 10), end: at(25, 11) },
        ],
        at(25, 9).getTime(),
        at(25, 11).getTime(),
      ),
    ).toBe(1);
  });

  it('skips the wall times a spring-forward day does not have and keeps real durations', () => {
    const allDay: WeeklyHours = { 0: [], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [{ start: 0, end: 1440 }] };
    const answer = findAvailability(
      query({
        when: { ...day(8, undefined, 3) },
        now: new Date('2026-03-07T12:00:00Z'),
        businessHours: allDay,
        staff: [stylist(IMPLICIT_STAFF_ID, [], allDay)],
        durationMinutes: 60,
        limit: 200,
      }),
    );
    const starts = answer.slots.map((s) => clock(s.start).split(' ')[1]);
    expect(starts.slice(0, 5)).toEqual(['0:00', '0:30', '1:00', '1:30', '3:00']);
    for (const slot of answer.slots) expect(slot.end.getTime() - slot.start.getTime()).toBe(3_600_000);
    const gap = findAvailability(
      query({
        when: day(8, 150, 3),
        now: new Date('2026-03-07T12:00:00Z'),
        businessHours: allDay,
        staff: [stylist(IMPLICIT_STAFF_ID, [], allDay)],
      }),
    );
    expect(gap.exact).toBeUndefined();
  });

  it('keeps the first 1:30 on a fall-back day', () => {
    const allDay: WeeklyHours = { 0: [], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [{ start: 0, end: 1440 }] };
    const answer = findAvailability(
      query({
        when: day(1, 90),
        now: new Date('2026-11-01T04:00:00Z'),
        businessHours: allDay,
        staff: [stylist(IMPLICIT_STAFF_ID, [], allDay)],
      }),
    );
    expect(answer.exact?.start.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('answers nothing for the past or beyond the horizon', () => {
    expect(findAvailability(query({ when: day(20) })).problem).toBe('past');
    expect(findAvailability(query({ when: day(30, undefined, 12) })).problem).toBeUndefined();
    expect(
      findAvailability(
        query({ when: { from: { year: 2027, month: 6, day: 1 }, to: { year: 2027, month: 6, day: 1 } } }),
      ).problem,
    ).toBe('beyond_horizon');
  });
});

describe('staffForService', () => {
  const model: Pick<CalendarModel, 'services' | 'staff'> = {
    staff: [
      { id: 'st_jordan01', name: 'Jordan', hours: null, calendar: null },
      { id: 'st_sam00001', name: 'Sam', hours: null, calendar: null },
    ],
    services: [
      {
        id: 'sv_colour01',
        name: 'Colour',
        description: '',
        duration_minutes: 90,
        price_kind: 'from',
        price_cents: 9000,
        deposit_cents: null,
        buffer_minutes: 15,
        staff_ids: ['st_jordan01'],
        resource_id: null,
      },
      {
        id: 'sv_cut00001',
        name: 'Cut',
        description: '',
        duration_minutes: 30,
        price_kind: 'fixed',
        price_cents: 4500,
        deposit_cents: null,
        buffer_minutes: 0,
        staff_ids: [],
        resource_id: null,
      },
    ],
  };
  it('gives the service’s staff, everyone for a service without, and the one asked for', () => {
    expect(staffForService(model, 'sv_colour01').map((s) => s.name)).toEqual(['Jordan']);
    expect(staffForService(model, 'sv_cut00001').map((s) => s.name)).toEqual(['Jordan', 'Sam']);
    expect(staffForService(model, 'sv_cut00001', 'st_sam00001').map((s) => s.name)).toEqual(['Sam']);
    expect(staffForService(model, 'sv_colour01', 'st_sam00001')).toEqual([]);
    expect(staffForService(model, 'sv_unknown01')).toEqual([]);
  });
  it('has the implicit staff member when the business defines none', () => {
    expect(staffForService({ staff: [], services: [] }).map((s) => s.id)).toEqual([IMPLICIT_STAFF_ID]);
    expect(staffForService({ staff: [], services: [] }, undefined, 'st_jordan01')).toEqual([]);
  });
});

describe('busyOfAppointments', () => {
  it('holds booked appointments of that staff member to their end plus buffer', () => {
    const appointments = [
      {
        starts_at: '2026-11-25T15:00:00.000Z',
        ends_at: '2026-11-25T15:30:00.000Z',
        status: 'booked' as const,
      },
      {
        starts_at: '2026-11-25T16:00:00.000Z',
        ends_at: '2026-11-25T17:30:00.000Z',
        status: 'booked' as const,
        staff_id: 'st_jordan01',
        buffer_minutes: 10,
      },
      {
        starts_at: '2026-11-25T18:00:00.000Z',
        ends_at: '2026-11-25T18:30:00.000Z',
        status: 'cancelled' as const,
        staff_id: 'st_jordan01',
      },
    ];
    expect(busyOfAppointments(appointments, IMPLICIT_STAFF_ID).map((b) => b.end.toISOString())).toEqual([
      '2026-11-25T15:30:00.000Z',
    ]);
    expect(busyOfAppointments(appointments, 'st_jordan01').map((b) => b.end.toISOString())).toEqual([
      '2026-11-25T17:40:00.000Z',
    ]);
  });
});
