import {
  busyOfAppointments,
  findAvailability,
  resolveStaffHours,
} from '../../shared/receptionist/availability';
import { zonedInstant } from '../../shared/receptionist/business-time';
import type { WeeklyHours } from '../../shared/receptionist/opening-hours';
import type { Appointment } from '../../shared/schemas/appointment';
import type { Closure } from '../../shared/schemas/calendar-model';
import { formatTable, goalMark } from '../report';
import { ratioOf, timeInterleaved, type Percentiles } from './read-scale';

const GOAL_P50_MS = 20;
const GOAL_RATIO = 3;
const TIME_ZONE = 'America/New_York';
const DAYS = 14;

export type FindSlotsFigure = {
  measuredAt: string;
  samples: number;
  staff: { count: number; bookings: number; ms: Percentiles };
  oneStaff: { bookings: number; ms: Percentiles };
  ratio: Percentiles;
  goalP50Ms: number;
  goalRatio: number;
  method: string;
};

/** A small seeded generator (mulberry32): the same calendar every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const BUSINESS: WeeklyHours = {
  0: [{ start: 540, end: 1140 }],
  1: [{ start: 540, end: 1140 }],
  2: [{ start: 540, end: 1140 }],
  3: [{ start: 540, end: 1140 }],
  4: [{ start: 540, end: 1140 }],
  5: [{ start: 600, end: 960 }],
  6: [],
};

/**
 * A salon's fortnight: `staff` people (some on split or short days) and `bookings` booked appointments of
 * 30 to 120 minutes with buffers, spread over the 14 days the search looks at.
 */
function calendar(staff: number, bookings: number, now: Date, random: () => number) {
  const members = Array.from({ length: staff }, (_, n) => ({
    id: `st_bench${String(n).padStart(4, '0')}`,
    name: `Stylist ${n + 1}`,
    // Every third works split days, every fourth short ones; the rest the business's hours.
    hours:
      n % 3 === 1
        ? Array.from({ length: 7 }, () => [
            { start: 540, end: 720 },
            { start: 780, end: 1140 },
          ])
        : n % 4 === 2
          ? Array.from({ length: 7 }, () => [{ start: 600, end: 900 }])
          : null,
  }));
  const appointments: Appointment[] = [];
  for (let i = 0; i < bookings; i += 1) {
    const member = members[i % staff]!;
    const day = 1 + Math.floor(random() * DAYS);
    const minute = 540 + 15 * Math.floor(random() * 36);
    const minutes = [30, 45, 60, 90, 120][Math.floor(random() * 5)]!;
    const base = new Date(now.getTime() + day * 86_400_000);
    const start = zonedInstant(
      {
        year: base.getUTCFullYear(),
        month: base.getUTCMonth() + 1,
        day: base.getUTCDate(),
        hour: Math.floor(minute / 60),
        minute: minute % 60,
      },
      TIME_ZONE,
    );
    appointments.push({
      id: `bench-${i}`,
      owner_id: 'bench-owner',
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + minutes * 60_000).toISOString(),
      status: i % 17 === 0 ? 'cancelled' : 'booked',
      customer_name: 'Caller',
      customer_phone: '+14155550100',
      service: 'Cut',
      conversation_id: null,
      channel: 'sms',
      deposit: null,
      created_at: now.toISOString(),
      cancelled_at: null,
      staff_id: member.id,
      buffer_minutes: [0, 10, 15][i % 3]!,
    });
  }
  return { members, appointments };
}

const CLOSURES: Closure[] = [
  {
    id: 'cl_bench0001',
    from: '2026-12-25',
    to: '2026-12-26',
    start_minute: null,
    end_minute: null,
    note: '',
  },
  { id: 'cl_bench0002', from: '2026-12-17', to: '2026-12-17', start_minute: 720, end_minute: 840, note: '' },
];

/**
 * `find_slots`: the slot search for a 60-minute service with a 15-minute buffer on the 15-minute grid over
 * the next 14 days, as the booking tool runs it (each staff member's hours resolved and busy times taken from
 * the appointments, then findAvailability), for 10 staff with 500 bookings ÷ one staff member with 50 (the
 * same bookings per person): the ratio says what more people cost. Pure CPU, no I/O.
 */
export async function measureFindSlots(
  settings: { samples: number },
  log: (line: string) => void,
): Promise<FindSlotsFigure> {
  const now = zonedInstant({ year: 2026, month: 12, day: 14, hour: 8, minute: 0 }, TIME_ZONE);
  const random = generator(34);
  const large = calendar(10, 500, now, random);
  const small = calendar(1, 50, now, random);
  const search =
    ({ members, appointments }: ReturnType<typeof calendar>) =>
    async () =>
      findAvailability({
        when: undefined,
        now,
        timeZone: TIME_ZONE,
        businessHours: BUSINESS,
        closures: CLOSURES,
        gridMinutes: 15,
        durationMinutes: 60,
        bufferMinutes: 15,
        staff: members.map((member) => ({
          id: member.id,
          name: member.name,
          hours: resolveStaffHours(BUSINESS, member.hours),
          busy: busyOfAppointments(appointments, member.id),
        })),
      });
  const answer = await search(large)();
  if (answer.slots.length === 0) throw new Error('find_slots: the search found no slot to offer');
  const [largeMs, smallMs] = await timeInterleaved([search(large), search(small)], settings.samples);
  log(`${settings.samples} searches per side`);
  return {
    measuredAt: new Date().toISOString(),
    samples: settings.samples,
    staff: { count: 10, bookings: large.appointments.length, ms: largeMs! },
    oneStaff: { bookings: small.appointments.length, ms: smallMs! },
    ratio: ratioOf(largeMs!, smallMs!),
    goalP50Ms: GOAL_P50_MS,
    goalRatio: GOAL_RATIO,
    method:
      '60-minute service, 15-minute buffer and grid, 14 days, split and short staff days, two closures; resolveStaffHours + busyOfAppointments + findAvailability per search, in process; sides interleaved after 20 warm-up rounds',
  };
}

export const formatFindSlots = (figure: FindSlotsFigure) =>
  formatTable([
    ['find_slots', 'bookings', 'p50 ms', 'p99 ms', 'goal'],
    [
      `${figure.staff.count} staff, 14 days`,
      String(figure.staff.bookings),
      String(figure.staff.ms.p50),
      String(figure.staff.ms.p99),
      `p50 ≤ ${figure.goalP50Ms} ms ${goalMark(figure.staff.ms.p50 <= figure.goalP50Ms)}`,
    ],
    [
      '1 staff, 14 days',
      String(figure.oneStaff.bookings),
      String(figure.oneStaff.ms.p50),
      String(figure.oneStaff.ms.p99),
      '',
    ],
    [
      'ratio',
      '',
      String(figure.ratio.p50),
      String(figure.ratio.p99),
      `p50 ≤ ${figure.goalRatio} ${goalMark(figure.ratio.p50 <= figure.goalRatio)}`,
    ],
  ]);
