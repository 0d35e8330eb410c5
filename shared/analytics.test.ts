import { describe, expect, it } from 'vitest';
import {
  computeAnalytics,
  computeAppointmentRates,
  computeSuggestions,
  isAfterHours,
  suggestionConfidence,
} from './analytics';
import { parseWeeklyHours } from './receptionist/opening-hours';
import type { Conversation } from './schemas/conversation';

const NOW = new Date('2026-03-10T15:00:00.000Z');

let sequence = 0;
function record(
  startedAt: string,
  met: Record<string, boolean>,
  cents = 0,
  extra: Partial<Conversation> = {},
) {
  sequence += 1;
  return {
    id: `c${sequence}`,
    business_id: 'biz-1',
    channel: 'voice',
    caller: '+14155550100',
    started_at: startedAt,
    ended_at: startedAt,
    transcript: [],
    objectives_met: met,
    amount_collected_cents: cents,
    escalated: false,
    ...extra,
  } satisfies Conversation;
}

const both = (booked: boolean, deposit: boolean) => ({
  appointment_booked: booked,
  deposit_collected: deposit,
});

const RECORDS: Conversation[] = [
  record('2026-03-10T09:00:00.000Z', both(true, true), 2500),
  record('2026-03-10T07:00:00.000Z', both(true, false), 0, { channel: 'sms' }),
  record('2026-03-08T10:00:00.000Z', both(false, false)),
  // First instant of the 7-day window: counted.
  record('2026-03-04T00:00:00.000Z', both(true, true), 4000),
  // One second before the 7-day window: only in 30d.
  record('2026-03-03T23:59:59.000Z', both(true, true), 10000),
  // After "now": never counted.
  record('2026-03-10T16:00:00.000Z', both(true, true), 999),
];

describe('computeAnalytics', () => {
  it('counts, rates and revenue over the 7-day window, with a point for every day', () => {
    expect(computeAnalytics(RECORDS, '7d', NOW)).toEqual({
      conversation_count: 4,
      completion_rates: { appointment_booked: 0.75, deposit_collected: 0.5 },
      revenue_attribution: { total_revenue: 65, average_per_call: 16.25 },
      performance_trends: [
        { date: '2026-03-04', completion_rate: 1 },
        { date: '2026-03-05', completion_rate: null },
        { date: '2026-03-06', completion_rate: null },
        { date: '2026-03-07', completion_rate: null },
        { date: '2026-03-08', completion_rate: 0 },
        { date: '2026-03-09', completion_rate: null },
        { date: '2026-03-10', completion_rate: 0.75 },
      ],
    });
  });

  it('widens to 30 days', () => {
    const analytics = computeAnalytics(RECORDS, '30d', NOW);
    expect(analytics.conversation_count).toBe(5);
    expect(analytics.completion_rates).toEqual({ appointment_booked: 0.8, deposit_collected: 0.6 });
    expect(analytics.revenue_attribution).toEqual({ total_revenue: 165, average_per_call: 33 });
    expect(analytics.performance_trends).toHaveLength(30);
    expect(analytics.performance_trends[0]).toEqual({ date: '2026-02-09', completion_rate: null });
    expect(analytics.performance_trends.find((p) => p.date === '2026-03-03')).toEqual({
      date: '2026-03-03',
      completion_rate: 1,
    });
  });

  it('rates a criterion only over the conversations that assessed it and rounds to 4 decimals', () => {
    const records = [
      record('2026-03-10T10:00:00.000Z', { contact_captured: true }, 1000),
      record('2026-03-10T11:00:00.000Z', { contact_captured: false, need_recorded: true }),
      record('2026-03-10T12:00:00.000Z', { contact_captured: true }),
    ];
    const analytics = computeAnalytics(records, '7d', NOW);
    expect(analytics.completion_rates).toEqual({ contact_captured: 0.6667, need_recorded: 1 });
    // 1000 cents over 3 conversations = 333.33 cents, rounded to the cent.
    expect(analytics.revenue_attribution).toEqual({ total_revenue: 10, average_per_call: 3.33 });
    expect(analytics.performance_trends.at(-1)).toEqual({ date: '2026-03-10', completion_rate: 0.75 });
  });

  it("reads days in the business's time zone: the window starts at its midnight, late calls count that day", () => {
    const records = [
      // 23:30 on March 9 in Los Angeles (PDT), already March 10 in UTC.
      record('2026-03-10T06:30:00.000Z', both(true, false)),
      // 23:59 on March 3 there (PST): one minute before the 7-day window opens.
      record('2026-03-04T07:59:00.000Z', both(true, true), 5000),
      // Midnight starting March 4 there: the window's first instant.
      record('2026-03-04T08:00:00.000Z', both(true, true), 2500),
    ];
    const local = computeAnalytics(records, '7d', NOW, 'America/Los_Angeles');
    expect(local.conversation_count).toBe(2);
    expect(local.revenue_attribution.total_revenue).toBe(25);
    expect(local.performance_trends.map((p) => p.date)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(local.performance_trends[0]).toEqual({ date: '2026-03-04', completion_rate: 1 });
    expect(local.performance_trends[5]).toEqual({ date: '2026-03-09', completion_rate: 0.5 });
    expect(local.performance_trends[6]).toEqual({ date: '2026-03-10', completion_rate: null });
    // The same records on UTC days: all three in the window, the late call on March 10.
    const utc = computeAnalytics(records, '7d', NOW);
    expect(utc.conversation_count).toBe(3);
    expect(utc.performance_trends[6]).toEqual({ date: '2026-03-10', completion_rate: 0.5 });
  });

  it('is all zeros and null days without conversations', () => {
    const analytics = computeAnalytics([], '90d', NOW);
    expect(analytics.conversation_count).toBe(0);
    expect(analytics.completion_rates).toEqual({});
    expect(analytics.revenue_attribution).toEqual({ total_revenue: 0, average_per_call: 0 });
    expect(analytics.performance_trends).toHaveLength(90);
    expect(analytics.performance_trends.every((p) => p.completion_rate === null)).toBe(true);
    expect(analytics.performance_trends.at(-1)?.date).toBe('2026-03-10');
  });
});

describe('computeSuggestions', () => {
  /** 10 recent conversations: 7 booked (4 with a deposit), 9 confirmations, 3 after hours, `escalations`. */
  function tenConversations(escalations: number) {
    return Array.from({ length: 10 }, (_, i) =>
      record(
        `2026-03-0${(i % 9) + 1}T${i < 3 ? '20' : '10'}:00:00.000Z`,
        { appointment_booked: i < 7, deposit_collected: i < 4, confirmation_sent: i < 9 },
        i < 4 ? 2500 : 0,
        { escalated: i < escalations },
      ),
    );
  }

  it('names weak criteria, after-hours demand and bookings without a deposit, highest impact first', () => {
    const suggestions = computeSuggestions(tenConversations(1), NOW);
    expect(suggestions.map((s) => [s.id, s.impact, s.confidence])).toEqual([
      ['criterion-deposit_collected', 'high', 0.5],
      ['bookings-without-deposit', 'high', 0.41],
      ['after-hours-demand', 'medium', 0.5],
      ['criterion-appointment_booked', 'medium', 0.5],
    ]);
    expect(suggestions[0]).toMatchObject({
      suggestion: 'Improve "deposit collected"',
      description: expect.stringContaining('Only 40% of conversations met "deposit collected" (4 of 10'),
    });
    expect(suggestions[1]!.description).toContain('3 of 7 bookings (43%)');
  });

  it('adds a low-impact suggestion when escalations are frequent', () => {
    const suggestions = computeSuggestions(tenConversations(2), NOW);
    expect(suggestions.at(-1)).toMatchObject({ id: 'frequent-escalations', impact: 'low', confidence: 0.5 });
  });

  it('reads the range it is given and says so', () => {
    const ninety = computeSuggestions(
      tenConversations(1),
      new Date('2026-05-15T00:00:00.000Z'),
      undefined,
      '90d',
    );
    expect(ninety[0]!.description).toContain('(4 of 10 in the last 90 days)');
    expect(computeSuggestions(tenConversations(1), new Date('2026-05-15T00:00:00.000Z'))).toEqual([]);
    expect(computeSuggestions(tenConversations(1), NOW)[0]!.description).toContain('in the last 30 days');
  });

  it('says nothing from fewer than 5 conversations, or about older ones', () => {
    expect(computeSuggestions(tenConversations(5).slice(0, 4), NOW)).toEqual([]);
    expect(computeSuggestions(tenConversations(5), new Date('2026-05-01T00:00:00.000Z'))).toEqual([]);
  });

  it('grows confidence with the sample size, capped at 0.95', () => {
    expect([5, 20, 90, 1000].map(suggestionConfidence)).toEqual([0.33, 0.67, 0.9, 0.95]);
  });
});

describe('after hours on the business clock', () => {
  const hours = parseWeeklyHours(['Monday: 9:00 AM – 5:00 PM', 'Tuesday: Closed'])!;
  it('reads opening hours in the business time zone', () => {
    // 14:00 UTC on Monday 2026-03-02 is 9:00 in New York: open. 22:30 UTC is 17:30 there: closed.
    expect(isAfterHours('2026-03-02T14:00:00.000Z', { timeZone: 'America/New_York', hours })).toBe(false);
    expect(isAfterHours('2026-03-02T22:30:00.000Z', { timeZone: 'America/New_York', hours })).toBe(true);
    expect(isAfterHours('2026-03-03T15:00:00.000Z', { timeZone: 'America/New_York', hours })).toBe(true);
  });
  it('keeps the UTC default when no clock is given', () => {
    expect(isAfterHours('2026-03-02T20:00:00.000Z')).toBe(true);
    expect(isAfterHours('2026-03-02T10:00:00.000Z')).toBe(false);
  });
});

describe('computeAppointmentRates (decision 175)', () => {
  const base = {
    owner_id: 'o',
    ends_at: '2026-12-01T16:00:00.000Z',
    status: 'booked' as const,
    customer_name: 'A',
    customer_phone: '+14155550100',
    service: null,
    conversation_id: null,
    channel: 'sms',
    deposit: null,
    created_at: '2026-11-01T00:00:00.000Z',
    cancelled_at: null,
  };
  const appt = (id: string, startsAt: string, extra: Record<string, unknown> = {}) => ({
    ...base,
    id,
    starts_at: startsAt,
    ...extra,
  });
  const from = new Date('2026-11-20T00:00:00.000Z');
  const to = new Date('2026-12-10T00:00:00.000Z');

  it('counts the range’s appointments by service and by staff member, most first, no-shows beside', () => {
    const rates = computeAppointmentRates(
      [
        appt('s1', '2026-11-21T15:00:00.000Z', { service: 'Haircut', staff_name: 'Jordan' }),
        appt('s2', '2026-11-22T15:00:00.000Z', {
          service: 'Haircut',
          staff_name: 'Sam',
          attendance: 'no_show',
        }),
        appt('s3', '2026-11-23T15:00:00.000Z', { service: 'Balayage', staff_name: 'Jordan' }),
        appt('s4', '2026-11-24T15:00:00.000Z'),
        // Moved away and outside the range: in neither breakdown.
        appt('m1', '2026-11-25T15:00:00.000Z', { service: 'Balayage', rescheduled_to: 's3' }),
        appt('x1', '2026-11-01T15:00:00.000Z', { service: 'Haircut', staff_name: 'Sam' }),
      ],
      null,
      from,
      to,
    );
    expect(rates.by_service).toEqual([
      { name: 'Haircut', appointments: 2, no_shows: 1 },
      { name: 'Balayage', appointments: 1, no_shows: 0 },
      { name: null, appointments: 1, no_shows: 0 },
    ]);
    expect(rates.by_staff).toEqual([
      { name: 'Jordan', appointments: 2, no_shows: 0 },
      { name: 'Sam', appointments: 1, no_shows: 1 },
      { name: null, appointments: 1, no_shows: 0 },
    ]);
  });

  it('splits at the switch-on time: confirmed ÷ reminded and no-shows ÷ marked', () => {
    const rates = computeAppointmentRates(
      [
        appt('b1', '2026-11-21T15:00:00.000Z', { attendance: 'no_show' }),
        appt('b2', '2026-11-22T15:00:00.000Z', { attendance: 'attended' }),
        appt('b3', '2026-11-23T15:00:00.000Z'),
        appt('a1', '2026-12-02T15:00:00.000Z', {
          reminded_at: '2026-12-01T15:00:00.000Z',
          confirmed_at: '2026-12-01T15:05:00.000Z',
          attendance: 'attended',
        }),
        appt('a2', '2026-12-03T15:00:00.000Z', {
          reminded_at: '2026-12-02T15:00:00.000Z',
          attendance: 'no_show',
        }),
        appt('a3', '2026-12-04T15:00:00.000Z', {
          reminded_at: '2026-12-03T15:00:00.000Z',
          attendance: 'attended',
        }),
        appt('a4', '2026-12-05T15:00:00.000Z', {
          reminded_at: '2026-12-04T15:00:00.000Z',
          confirmed_at: '2026-12-04T16:00:00.000Z',
        }),
        // Moved away (counted as its new item), and outside the range: not counted.
        appt('m1', '2026-12-06T15:00:00.000Z', { status: 'cancelled', rescheduled_to: 'a4' }),
        appt('x1', '2026-11-01T15:00:00.000Z', { attendance: 'no_show' }),
      ],
      '2026-12-01T00:00:00.000Z',
      from,
      to,
    );
    expect(rates.before).toEqual({
      appointments: 3,
      reminded: 0,
      confirmed: 0,
      marked: 2,
      no_shows: 1,
      confirmation_rate: null,
      no_show_rate: 0.5,
    });
    expect(rates.after).toEqual({
      appointments: 4,
      reminded: 4,
      confirmed: 2,
      marked: 3,
      no_shows: 1,
      confirmation_rate: 0.5,
      no_show_rate: 0.3333,
    });
  });

  it('counts everything as before while reminders were never on', () => {
    const rates = computeAppointmentRates([appt('b1', '2026-11-21T15:00:00.000Z')], null, from, to);
    expect(rates.before.appointments).toBe(1);
    expect(rates.after.appointments).toBe(0);
    expect(rates.reminders_enabled_since).toBeNull();
  });
});
