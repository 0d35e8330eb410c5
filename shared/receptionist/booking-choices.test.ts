import { describe, expect, it } from 'vitest';
import type { Appointment } from '../schemas/appointment';
import { findAvailability } from './availability';
import { bookingQuery } from './booking-choices';
import { DEFAULT_WEEKLY_HOURS } from './opening-hours';

const LA = 'America/Los_Angeles';
/** Monday 2026-11-30, 08:00 in Los Angeles. */
const now = new Date('2026-11-30T16:00:00.000Z');
const tenAm = '2026-12-01T18:00:00.000Z';
const booked = (id: string, staff?: { id: string; name: string }): Appointment => ({
  id,
  owner_id: 'o',
  starts_at: tenAm,
  ends_at: '2026-12-01T18:30:00.000Z',
  status: 'booked',
  customer_name: 'Someone',
  customer_phone: '+14155550100',
  service: null,
  conversation_id: null,
  channel: 'sms',
  deposit: null,
  created_at: '2026-11-01T00:00:00.000Z',
  cancelled_at: null,
  ...(staff ? { staff_id: staff.id, staff_name: staff.name } : {}),
});
const STAFF = [
  { id: 'st_jordan001', name: 'Jordan', hours: null, calendar: null },
  { id: 'st_sam000001', name: 'Sam', hours: null, calendar: null },
];
const tuesdayAtTen = (appointments: Appointment[], staff = STAFF) =>
  findAvailability(
    bookingQuery({
      model: { staff, resources: [] },
      service: undefined,
      businessHours: DEFAULT_WEEKLY_HOURS,
      closures: [],
      gridMinutes: 30,
      timeZone: LA,
      now,
      when: { from: { year: 2026, month: 12, day: 1 }, to: { year: 2026, month: 12, day: 1 }, time: 600 },
      appointments,
      calendarBusy: [],
    }),
  ).exact;

describe('bookingQuery (issue 34)', () => {
  it('a staff member’s booking blocks only them', () => {
    expect(tuesdayAtTen([booked('a', STAFF[0])])?.staffIds).toEqual(['st_sam000001']);
  });

  it('a booking made before the owner added staff blocks every staff member: whose it is is unknown', () => {
    expect(tuesdayAtTen([booked('legacy')])).toBeUndefined();
    // Without staff it is the implicit staff member's own booking, as before services existed.
    expect(tuesdayAtTen([booked('legacy')], [])).toBeUndefined();
    expect(tuesdayAtTen([], [])?.staffIds).toEqual(['owner']);
  });
});
