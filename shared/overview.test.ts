import { describe, expect, it } from 'vitest';
import { businessClockOf } from './analytics';
import {
  assistantStatus,
  formatAnswerTime,
  isMissedCallSaved,
  issueText,
  OVERVIEW_TEXTS,
  liveCalls,
  overviewPeriods,
  periodFigures,
  timeToAnswer,
  waitingMessages,
  type OverviewRecord,
} from './overview';
import { REGISTRATION_STATE_TEXTS } from './messaging-registration-states';

const NY = 'America/New_York';
const iso = (date: Date) => date.toISOString();

describe('overviewPeriods: today and this week on the business clock', () => {
  it('starts today at local midnight and the week on Monday', () => {
    // Monday 2026-11-23 22:00 in Los Angeles is already Tuesday in UTC.
    const periods = overviewPeriods(new Date('2026-11-24T06:00:00.000Z'), 'America/Los_Angeles');
    expect(iso(periods.todayStart)).toBe('2026-11-23T08:00:00.000Z');
    expect(iso(periods.weekStart)).toBe('2026-11-23T08:00:00.000Z');
    // Sunday evening: the week began six days ago.
    const sunday = overviewPeriods(new Date('2026-11-30T03:00:00.000Z'), NY);
    expect(iso(sunday.todayStart)).toBe('2026-11-29T05:00:00.000Z');
    expect(iso(sunday.weekStart)).toBe('2026-11-23T05:00:00.000Z');
  });

  it('spring forward: the DST day starts at midnight EST, the next day at midnight EDT', () => {
    // Sunday 2026-03-08, 8:00 EDT (clocks went forward at 2:00).
    const sunday = overviewPeriods(new Date('2026-03-08T12:00:00.000Z'), NY);
    expect(iso(sunday.todayStart)).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(sunday.weekStart)).toBe('2026-03-02T05:00:00.000Z');
    // 23:30 EDT the same Sunday: still that day (a 23-hour day).
    expect(iso(overviewPeriods(new Date('2026-03-09T03:30:00.000Z'), NY).todayStart)).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    const monday = overviewPeriods(new Date('2026-03-09T04:30:00.000Z'), NY);
    expect(iso(monday.todayStart)).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(monday.weekStart)).toBe('2026-03-09T04:00:00.000Z');
  });

  it('fall back: the DST day starts at midnight EDT and lasts 25 hours', () => {
    // Sunday 2026-11-01 23:30 EST is 04:30 UTC on Monday: still Sunday, which began at 00:00 EDT.
    const late = overviewPeriods(new Date('2026-11-02T04:30:00.000Z'), NY);
    expect(iso(late.todayStart)).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(late.weekStart)).toBe('2026-10-26T04:00:00.000Z');
    const monday = overviewPeriods(new Date('2026-11-02T05:30:00.000Z'), NY);
    expect(iso(monday.todayStart)).toBe('2026-11-02T05:00:00.000Z');
    expect(iso(monday.weekStart)).toBe('2026-11-02T05:00:00.000Z');
  });
});

describe('isMissedCallSaved: a call answered while the business was closed', () => {
  const clock = businessClockOf({
    time_zone: NY,
    business_hours: {
      weekday_text: [
        'Monday: 9:00 AM – 5:00 PM',
        'Tuesday: 9:00 AM – 5:00 PM',
        'Wednesday: 9:00 AM – 5:00 PM',
        'Thursday: 9:00 AM – 5:00 PM',
        'Friday: 9:00 AM – 5:00 PM',
        'Saturday: Closed',
        'Sunday: Closed',
      ],
    },
  });
  const call = (started_at: string, channel: OverviewRecord['channel'] = 'voice') => ({
    channel,
    started_at,
  });

  it('reads the opening hours in the business time zone, across the DST change', () => {
    // 13:30 UTC is 8:30 EST on Friday 2026-03-06 (closed) but 9:30 EDT on Monday 2026-03-09 (open).
    expect(isMissedCallSaved(call('2026-03-06T13:30:00.000Z'), clock)).toBe(true);
    expect(isMissedCallSaved(call('2026-03-09T13:30:00.000Z'), clock)).toBe(false);
    // 21:30 UTC: 16:30 EST Friday (open) but 17:30 EDT Monday (closed).
    expect(isMissedCallSaved(call('2026-03-06T21:30:00.000Z'), clock)).toBe(false);
    expect(isMissedCallSaved(call('2026-03-09T21:30:00.000Z'), clock)).toBe(true);
    // Saturday noon: closed all day.
    expect(isMissedCallSaved(call('2026-03-07T17:00:00.000Z'), clock)).toBe(true);
  });

  it('counts a call the owner did not pick up (ring me first), even in opening hours', () => {
    // Monday 9:30 EDT: open, so an ordinary call is not a missed call saved …
    expect(isMissedCallSaved(call('2026-03-09T13:30:00.000Z'), clock)).toBe(false);
    // … but one that rang the owner's phone out first is.
    expect(isMissedCallSaved({ ...call('2026-03-09T13:30:00.000Z'), call_route: 'ring_first' }, clock)).toBe(
      true,
    );
    expect(isMissedCallSaved({ ...call('2026-03-09T13:30:00.000Z'), call_route: 'after_hours' }, clock)).toBe(
      true,
    );
    expect(
      isMissedCallSaved({ ...call('2026-03-09T13:30:00.000Z', 'sms'), call_route: 'ring_first' }, clock),
    ).toBe(false);
  });

  it('never counts a call the owner picked up (ring me first), at any hour', () => {
    for (const at of ['2026-03-09T13:30:00.000Z', '2026-03-07T17:00:00.000Z']) {
      expect(isMissedCallSaved({ ...call(at), call_route: 'ring_first', owner_answered: true }, clock)).toBe(
        false,
      );
    }
  });

  it('never counts a call the business phone had in opening hours, picked up or missed (session 42)', () => {
    for (const owner_answered of [true, false]) {
      for (const at of ['2026-03-09T13:30:00.000Z', '2026-03-07T17:00:00.000Z']) {
        expect(isMissedCallSaved({ ...call(at), call_route: 'business_line', owner_answered }, clock)).toBe(
          false,
        );
      }
    }
  });

  it('counts calls only, never texts or the owner’s tests', () => {
    expect(isMissedCallSaved(call('2026-03-07T17:00:00.000Z', 'sms'), clock)).toBe(false);
    expect(isMissedCallSaved(call('2026-03-07T17:00:00.000Z', 'test'), clock)).toBe(false);
  });

  it('without opening hours, reads 8:00-18:00 on the business clock', () => {
    const noHours = businessClockOf({ time_zone: 'America/Los_Angeles' });
    // 16:00 UTC is 8:00 PST: open; 15:59 UTC is 7:59: closed.
    expect(isMissedCallSaved(call('2026-11-23T16:00:00.000Z'), noHours)).toBe(false);
    expect(isMissedCallSaved(call('2026-11-23T15:59:00.000Z'), noHours)).toBe(true);
  });
});

const record = (overrides: Partial<OverviewRecord> & Pick<OverviewRecord, 'started_at'>): OverviewRecord => ({
  id: overrides.started_at,
  channel: 'voice',
  caller: '+14155550100',
  outcome: 'answered',
  amount_collected_cents: 0,
  open: false,
  ...overrides,
});

describe('periodFigures', () => {
  const clock = businessClockOf({ time_zone: NY });
  it('counts customer conversations from the period start: bookings, deposits, waiting messages, saved calls', () => {
    const from = new Date('2026-11-23T05:00:00.000Z');
    const figures = periodFigures(
      [
        record({ started_at: '2026-11-23T04:59:59.000Z', outcome: 'booked' }), // before the period
        record({ started_at: '2026-11-23T06:00:00.000Z', outcome: 'booked' }), // 1:00: after hours
        record({
          started_at: '2026-11-23T15:00:00.000Z',
          outcome: 'deposit_paid',
          amount_collected_cents: 2500,
        }),
        record({ started_at: '2026-11-23T15:10:00.000Z', channel: 'sms', outcome: 'message_taken' }),
        record({ started_at: '2026-11-23T15:20:00.000Z', channel: 'test', outcome: 'booked' }),
      ],
      [
        { taken_at: '2026-11-22T15:00:00.000Z' },
        { taken_at: '2026-11-23T15:10:00.000Z' },
        { taken_at: '2026-11-23T15:11:00.000Z', handled_at: '2026-11-23T16:00:00.000Z' },
      ],
      from,
      clock,
    );
    expect(figures).toEqual({
      conversations: 3,
      bookings: 2,
      deposits_collected_cents: 2500,
      messages_waiting: 1,
      missed_calls_saved: 1,
    });
  });
});

describe('waitingMessages', () => {
  it('lists the messages not handled yet, newest first, at most ten', () => {
    const message = (n: number, handled = false) => ({
      id: `m${n}`,
      taken_at: new Date(Date.UTC(2026, 10, 23, 10, n)).toISOString(),
      name: `Caller ${n}`,
      callback_number: '+14155550100',
      reason: 'Call back',
      channel: 'sms',
      ...(handled ? { handled_at: '2026-11-23T12:00:00.000Z' } : {}),
    });
    const listed = waitingMessages([...Array.from({ length: 12 }, (_, n) => message(n)), message(30, true)]);
    expect(listed.map((m) => m.id)).toEqual(['m11', 'm10', 'm9', 'm8', 'm7', 'm6', 'm5', 'm4', 'm3', 'm2']);
    expect(listed[0]).not.toHaveProperty('handled_at');
  });
});

describe('liveCalls', () => {
  const now = new Date('2026-11-23T15:00:00.000Z');
  it('lists open calls, newest first, and drops ones whose end was never reported after 4 hours', () => {
    const live = liveCalls(
      [
        record({ id: 'a', started_at: '2026-11-23T14:58:00.000Z', open: true }),
        record({ id: 'b', started_at: '2026-11-23T14:59:00.000Z', open: true }),
        record({ id: 'done', started_at: '2026-11-23T14:59:30.000Z', open: false }),
        record({ id: 'sms', started_at: '2026-11-23T14:59:30.000Z', open: true, channel: 'sms' }),
        record({ id: 'stale', started_at: '2026-11-23T10:59:00.000Z', open: true }),
      ],
      now,
    );
    expect(live.map((call) => call.id)).toEqual(['b', 'a']);
  });
});

describe('timeToAnswer', () => {
  it('gives medians per channel and overall from answered_at − started_at', () => {
    const at = (ms: number) => new Date(Date.parse('2026-11-23T15:00:00.000Z') + ms).toISOString();
    const started_at = at(0);
    const figures = timeToAnswer([
      record({ started_at, answered_at: at(800) }),
      record({ started_at, answered_at: at(1200) }),
      record({ started_at, answered_at: at(5000) }),
      record({ started_at, channel: 'sms', answered_at: at(2000) }),
      record({ started_at }), // never answered: not a sample
    ]);
    expect(figures).toEqual({ median_ms: 1600, voice_median_ms: 1200, sms_median_ms: 2000, samples: 4 });
    expect(timeToAnswer([])).toEqual({
      median_ms: null,
      voice_median_ms: null,
      sms_median_ms: null,
      samples: 0,
    });
  });

  it('is said in seconds or minutes', () => {
    expect([870, 12_400, 185_000, null].map(formatAnswerTime)).toEqual(['0.9 s', '12 s', '3 min', '—']);
  });
});

describe('assistantStatus', () => {
  const healthy = { subscriptionStatus: 'active', assistantPhone: '+14155550100', expiredCalendars: [] };
  it("says the spec's 'Active' when the assistant answers and nothing needs fixing (trial included)", () => {
    expect(assistantStatus(healthy)).toEqual({ state: 'active', label: 'Active', issues: [] });
    expect(assistantStatus({ ...healthy, subscriptionStatus: 'trialing' }).label).toBe('Active');
  });

  it('is paused with the reason when a payment failed, the subscription lapsed or there is no number', () => {
    expect(assistantStatus({ ...healthy, subscriptionStatus: 'past_due' })).toEqual({
      state: 'paused',
      label: 'Paused',
      issues: [{ kind: 'payment_failed' }],
    });
    expect(assistantStatus({ ...healthy, subscriptionStatus: 'unpaid' }).issues).toEqual([
      { kind: 'payment_failed' },
    ]);
    for (const status of ['canceled', 'none', 'incomplete_expired', undefined]) {
      expect(assistantStatus({ ...healthy, subscriptionStatus: status }).issues).toEqual([
        { kind: 'subscription_lapsed' },
      ]);
    }
    expect(assistantStatus({ ...healthy, assistantPhone: undefined })).toMatchObject({
      state: 'paused',
      issues: [{ kind: 'no_number' }],
    });
  });

  it('needs attention when a calendar connection expired, and lists every problem at once', () => {
    expect(assistantStatus({ ...healthy, expiredCalendars: ['calendly'] })).toEqual({
      state: 'attention',
      label: 'Needs attention',
      issues: [{ kind: 'calendar_expired', service: 'calendly' }],
    });
    expect(
      assistantStatus({
        subscriptionStatus: 'past_due',
        assistantPhone: '',
        expiredCalendars: ['google_calendar'],
      }).issues.map((issue) => issue.kind),
    ).toEqual(['payment_failed', 'no_number', 'calendar_expired']);
  });
});

describe('assistantStatus: a calendar its vendor could not be reached at (decision 142, session 42)', () => {
  const base = { subscriptionStatus: 'active', assistantPhone: '+14155550111', expiredCalendars: [] };

  it('is a calm note: the assistant stays Active, and the note names the calendar and asks for nothing', () => {
    expect(assistantStatus({ ...base, unreachableCalendars: ['google_calendar'] })).toEqual({
      state: 'active',
      label: OVERVIEW_TEXTS.badge.active,
      issues: [{ kind: 'calendar_unreachable', service: 'google_calendar' }],
    });
    const text = issueText({ kind: 'calendar_unreachable', service: 'google_calendar' });
    expect(text.message).toBe(
      'We could not reach Google Calendar the last time your assistant used it. Your assistant books into the Business Calendar meanwhile and tries again by itself: no need to reconnect.',
    );
    expect(text.action).toBeUndefined();
  });

  it('beside a real problem, the problem sets the state', () => {
    const status = assistantStatus({
      ...base,
      expiredCalendars: ['calendly'],
      unreachableCalendars: ['google_calendar'],
    });
    expect(status.state).toBe('attention');
    expect(status.issues.map((issue) => issue.kind)).toEqual(['calendar_expired', 'calendar_unreachable']);
    expect(
      assistantStatus({ ...base, subscriptionStatus: 'canceled', unreachableCalendars: ['acuity'] }).state,
    ).toBe('paused');
  });
});

describe('assistantStatus: texting registration (docs/decisions/169)', () => {
  const base = { subscriptionStatus: 'active', assistantPhone: '+14155550111', expiredCalendars: [] };

  it('needs attention, not a pause, until the carriers approve texting, with the state’s explanation', () => {
    const status = assistantStatus({ ...base, textingRegistration: 'in_review' });
    expect(status).toEqual({
      state: 'attention',
      label: OVERVIEW_TEXTS.badge.attention,
      issues: [{ kind: 'texting_not_registered', registration_state: 'in_review' }],
    });
    expect(issueText(status.issues[0]!)).toEqual({
      message: REGISTRATION_STATE_TEXTS.in_review.explanation,
      action: 'See your registration',
    });
    expect(issueText({ kind: 'texting_not_registered', registration_state: 'not_started' }).action).toBe(
      'Register for texting',
    );
    expect(assistantStatus({ ...base, textingRegistration: 'approved' }).state).toBe('active');
    // Without a number there is nothing to text from: the number is the issue.
    expect(
      assistantStatus({ ...base, assistantPhone: undefined, textingRegistration: 'not_started' }).issues,
    ).toEqual([{ kind: 'no_number' }]);
  });
});
