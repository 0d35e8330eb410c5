import { addDays, isoDateOf, localMidnight, zonedParts } from './receptionist/business-time';
import { resolveWeeklyHours, type OpenInterval, type WeeklyHours } from './receptionist/opening-hours';
import { closedPeriodsOf, inClosedPeriod, type ClosedPeriod } from './receptionist/closed-periods';
import type { Closure } from './schemas/calendar-model';
import { DEFAULT_TIME_ZONE } from './receptionist/time-zones';
import type {
  Analytics,
  AppointmentRates,
  AppointmentRatesPeriod,
  AppointmentShare,
  Suggestion,
} from './schemas/analytics';
import type { Appointment } from './schemas/appointment';
import type { Conversation } from './schemas/conversation';
import type { SuggestionImpact } from './suggestion-impacts';

/**
 * Analytics and optimization suggestions computed from stored conversation records (issue 5; decisions in
 * docs/data-model.md "Conversations and analytics"). Pure: the API, the demo seeder and the tests share it.
 * Days are the business's calendar days (its time zone; UTC when none is given): a range of N days is today
 * there and the N-1 days before it, as the Overview and the call log read the same records.
 */

/** Spec §2 and §9: the Analytics tab's ranges, 7d first and default. */
export const ANALYTICS_TIME_RANGES = ['7d', '30d', '90d'] as const;
export type AnalyticsTimeRange = (typeof ANALYTICS_TIME_RANGES)[number];
export const DEFAULT_ANALYTICS_TIME_RANGE: AnalyticsTimeRange = '7d';
export const TIME_RANGE_DAYS: Record<AnalyticsTimeRange, number> = { '7d': 7, '30d': 30, '90d': 90 };

export const ANALYTICS_MESSAGES = {
  analyticsLoadFailed: 'Failed to load analytics',
  suggestionsLoadFailed: 'Failed to load suggestions',
  tryAgain: 'Try Again',
  noConversations: (days: number) =>
    `No conversations in the last ${days} days. Figures appear here once your assistant has talked with callers.`,
  noSuggestions: 'No suggestions yet: they come from your conversations.',
} as const;

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));
/** Rates keep 4 decimals: enough for a percentage with two decimals, short in JSON. */
const rate = (met: number, total: number) => round(met / total, 4);

const dayOf = (iso: string, timeZone: string) => isoDateOf(zonedParts(new Date(iso), timeZone));

/** The range's window: from the first day's midnight in the zone to now (inclusive), and its dates. */
export function rangeWindow(range: AnalyticsTimeRange, now: Date, timeZone = 'UTC') {
  const days = TIME_RANGE_DAYS[range];
  const first = addDays(zonedParts(now, timeZone), -(days - 1));
  const from = localMidnight(first, timeZone);
  const dates = Array.from({ length: days }, (_, i) => isoDateOf(addDays(first, i)));
  return { from, to: now, dates };
}

const inWindow = (conversation: Conversation, from: Date, to: Date) => {
  const at = new Date(conversation.started_at).getTime();
  return at >= from.getTime() && at <= to.getTime();
};

/** Met / assessed for every criterion that appears in the conversations. */
function criterionCounts(conversations: readonly Conversation[]) {
  const counts = new Map<string, { met: number; total: number }>();
  for (const conversation of conversations) {
    for (const [criterion, met] of Object.entries(conversation.objectives_met)) {
      const entry = counts.get(criterion) ?? { met: 0, total: 0 };
      entry.total += 1;
      if (met) entry.met += 1;
      counts.set(criterion, entry);
    }
  }
  return counts;
}

/**
 * Spec §3 Analytics over the range: conversation count; per success criterion the share of conversations
 * that met it (among those that assessed it); revenue in dollars (total, and average over every
 * conversation in the range); one trend point per day, the share of that day's criterion checks that were
 * met, or null on a day without conversations.
 */
export function computeAnalytics(
  conversations: readonly Conversation[],
  range: AnalyticsTimeRange,
  now: Date,
  timeZone = 'UTC',
): Analytics {
  const { from, to, dates } = rangeWindow(range, now, timeZone);
  const inRange = conversations.filter((c) => inWindow(c, from, to));

  const completion_rates = Object.fromEntries(
    [...criterionCounts(inRange).entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([criterion, { met, total }]) => [criterion, rate(met, total)]),
  );

  const totalCents = inRange.reduce((sum, c) => sum + c.amount_collected_cents, 0);
  const averageCents = inRange.length ? Math.round(totalCents / inRange.length) : 0;

  const byDay = new Map<string, { met: number; total: number }>();
  for (const conversation of inRange) {
    const day = dayOf(conversation.started_at, timeZone);
    const entry = byDay.get(day) ?? { met: 0, total: 0 };
    for (const met of Object.values(conversation.objectives_met)) {
      entry.total += 1;
      if (met) entry.met += 1;
    }
    byDay.set(day, entry);
  }

  return {
    conversation_count: inRange.length,
    completion_rates,
    revenue_attribution: { total_revenue: totalCents / 100, average_per_call: averageCents / 100 },
    performance_trends: dates.map((date) => {
      const entry = byDay.get(date);
      return { date, completion_rate: entry && entry.total > 0 ? rate(entry.met, entry.total) : null };
    }),
  };
}

// ---- Confirmation and no-show rates (docs/decisions/175-reminders.md) ----

export const APPOINTMENT_RATES_TEXTS = {
  title: 'Appointments: confirmations and no-shows',
  intro: 'Appointments that started in this range, before and after reminders were switched on.',
  before: 'Before reminders',
  after: 'With reminders',
  neverOn: 'Reminders are off. Switch them on in Notifications to compare.',
  confirmationRate: 'Confirmation rate',
  confirmationHint: 'Confirmed by reply ÷ appointments reminded',
  noShowRate: 'No-show rate',
  noShowHint: 'No-shows ÷ appointments you marked attended or no-show',
  none: '—',
  counts: (p: AppointmentRatesPeriod) =>
    `${p.appointments} appointments · ${p.reminded} reminded · ${p.confirmed} confirmed · ${p.marked} marked · ${p.no_shows} no-shows`,
  loadFailed: 'Failed to load appointment rates',
  byService: 'By service',
  byStaff: 'By staff member',
  noService: 'No service named',
  noStaff: 'You (no staff member)',
  share: (share: AppointmentShare) =>
    `${share.appointments} appointment${share.appointments === 1 ? '' : 's'}${share.no_shows > 0 ? ` · ${share.no_shows} no-show${share.no_shows === 1 ? '' : 's'}` : ''}`,
} as const;

function periodOf(appointments: readonly Appointment[]): AppointmentRatesPeriod {
  const reminded = appointments.filter((a) => a.reminded_at);
  const confirmed = reminded.filter((a) => a.confirmed_at).length;
  const marked = appointments.filter((a) => a.attendance);
  const noShows = marked.filter((a) => a.attendance === 'no_show').length;
  return {
    appointments: appointments.length,
    reminded: reminded.length,
    confirmed,
    marked: marked.length,
    no_shows: noShows,
    confirmation_rate: reminded.length ? rate(confirmed, reminded.length) : null,
    no_show_rate: marked.length ? rate(noShows, marked.length) : null,
  };
}

/**
 * The confirmation rate (confirmed ÷ reminded) and no-show rate (no-shows ÷ marked) of the appointments that
 * started in [from, to], split at `enabledSince` (the last time reminders were switched on): appointments
 * starting before it are "before", the rest "after". Moved-away items are not counted twice.
 */
export function computeAppointmentRates(
  appointments: readonly Appointment[],
  enabledSince: string | null,
  from: Date,
  to: Date,
): AppointmentRates {
  const counted = appointments.filter((a) => {
    const at = Date.parse(a.starts_at);
    // A moved appointment's old item (cancelled with `rescheduled_to`) is counted as its new item only.
    return at >= from.getTime() && at <= to.getTime() && !a.rescheduled_to;
  });
  const split = enabledSince ? Date.parse(enabledSince) : Number.POSITIVE_INFINITY;
  return {
    reminders_enabled_since: enabledSince,
    before: periodOf(counted.filter((a) => Date.parse(a.starts_at) < split)),
    after: periodOf(counted.filter((a) => Date.parse(a.starts_at) >= split)),
    by_service: sharesBy(counted, (a) => a.service),
    by_staff: sharesBy(counted, (a) => a.staff_name ?? null),
  };
}

/** Appointments grouped by a name (service, staff member). */
function sharesBy(
  appointments: readonly Appointment[],
  nameOf: (appointment: Appointment) => string | null,
): AppointmentShare[] {
  const shares = new Map<string | null, AppointmentShare>();
  for (const appointment of appointments) {
    const name = nameOf(appointment);
    const share = shares.get(name) ?? { name, appointments: 0, no_shows: 0 };
    share.appointments += 1;
    if (appointment.attendance === 'no_show') share.no_shows += 1;
    shares.set(name, share);
  }
  // Most first; among equals, named ones by name and the unnamed last.
  return [...shares.values()].sort(
    (a, b) =>
      b.appointments - a.appointments ||
      Number(a.name === null) - Number(b.name === null) ||
      (a.name ?? '').localeCompare(b.name ?? ''),
  );
}

// ---- Optimization suggestions ----

/** Suggestions look at the range the owner picked; without one (spec §7's bare call), the last 30 days. */
export const SUGGESTIONS_RANGE: AnalyticsTimeRange = '30d';
/** "the last 7 days" for '7d'. */
export const rangePhrase = (range: AnalyticsTimeRange) => `the last ${parseInt(range, 10)} days`;
/** Below this many conversations behind a rule, it says nothing: too little to go on. */
export const MIN_SUGGESTION_SAMPLE = 5;
/** Business hours used for the after-hours rule, as UTC hours [start, end). */
export const BUSINESS_HOURS_UTC = { start: 8, end: 18 } as const;

export const SUGGESTION_THRESHOLDS = {
  /** Spec §9 colours: below 0.6 is red (high impact), below 0.8 yellow (medium). */
  highImpactBelow: 0.6,
  mediumImpactBelow: 0.8,
  afterHoursShare: 0.25,
  bookingsWithoutDepositShare: 0.3,
  escalationShare: 0.15,
} as const;

/** Grows with the sample: 5 → 0.33, 20 → 0.67, 90 → 0.9, capped at 0.95. */
export const suggestionConfidence = (sampleSize: number) =>
  round(Math.min(0.95, sampleSize / (sampleSize + 10)), 2);

export const criterionLabel = (criterion: string) => criterion.replace(/_/g, ' ');
const percent = (value: number) => `${Math.round(value * 100)}%`;
const IMPACT_ORDER: Record<SuggestionImpact, number> = { high: 0, medium: 1, low: 2 };

/** The business's clock: its time zone and, when the owner gave them, its opening hours. */
export type BusinessClock = {
  timeZone: string;
  hours?: WeeklyHours;
  /** The owner's closures as instants: a closed day counts as after hours (docs/decisions/183). */
  closed?: ClosedPeriod[];
};
const UTC_CLOCK: BusinessClock = { timeZone: 'UTC' };

/**
 * Outside the business's opening hours in its own time zone; without known hours, outside
 * BUSINESS_HOURS_UTC's hours read on the business's clock.
 */
export const isAfterHours = (iso: string, clock: BusinessClock = UTC_CLOCK) => {
  const local = zonedParts(new Date(iso), clock.timeZone);
  const minute = local.hour * 60 + local.minute;
  if (clock.closed && inClosedPeriod(Date.parse(iso), clock.closed)) return true;
  if (clock.hours)
    return !clock.hours[local.weekday].some((open) => minute >= open.start && minute < open.end);
  return local.hour < BUSINESS_HOURS_UTC.start || local.hour >= BUSINESS_HOURS_UTC.end;
};

/**
 * A config's clock: its time zone (or the default), its opening hours when known (resolveWeeklyHours: the
 * edited ones, else the lookup's lines) and its closures.
 */
export function businessClockOf(config: {
  time_zone?: string | undefined;
  business_hours?: { weekday_text: string[] } | undefined;
  opening_hours?: readonly (readonly OpenInterval[])[] | undefined;
  closures?: readonly Closure[] | undefined;
}): BusinessClock {
  const resolved = resolveWeeklyHours(config);
  const timeZone = config.time_zone ?? DEFAULT_TIME_ZONE;
  const closed = closedPeriodsOf(config.closures, timeZone);
  return {
    timeZone,
    ...(resolved.stated ? { hours: resolved.hours } : {}),
    ...(closed.length > 0 ? { closed } : {}),
  };
}

const afterHoursWindow = (clock: BusinessClock) =>
  clock.hours
    ? 'outside your opening hours'
    : `outside ${BUSINESS_HOURS_UTC.start}:00-${BUSINESS_HOURS_UTC.end}:00 ${clock.timeZone === 'UTC' ? 'UTC' : `(${clock.timeZone})`}`;

/**
 * Suggestions derived from the range's conversations (30 days unless given): a weak success criterion (high impact below
 * 0.6, medium below 0.8), many after-hours conversations, bookings without a deposit, frequent escalations.
 * Each carries a confidence from its sample size; highest impact first, then most confident.
 */
export function computeSuggestions(
  conversations: readonly Conversation[],
  now: Date,
  clock: BusinessClock = UTC_CLOCK,
  range: AnalyticsTimeRange = SUGGESTIONS_RANGE,
): Suggestion[] {
  const { from, to } = rangeWindow(range, now, clock.timeZone);
  const recent = conversations.filter((c) => inWindow(c, from, to));
  const suggestions: Suggestion[] = [];
  const t = SUGGESTION_THRESHOLDS;

  for (const [criterion, { met, total }] of criterionCounts(recent)) {
    if (total < MIN_SUGGESTION_SAMPLE) continue;
    const share = met / total;
    if (share >= t.mediumImpactBelow) continue;
    const label = criterionLabel(criterion);
    suggestions.push({
      id: `criterion-${criterion}`,
      suggestion: `Improve "${label}"`,
      impact: share < t.highImpactBelow ? 'high' : 'medium',
      confidence: suggestionConfidence(total),
      description: `Only ${percent(share)} of conversations met "${label}" (${met} of ${total} in ${rangePhrase(range)}). Review the assistant's script for this step.`,
    });
  }

  if (recent.length >= MIN_SUGGESTION_SAMPLE) {
    const afterHours = recent.filter((c) => isAfterHours(c.started_at, clock)).length;
    if (afterHours / recent.length >= t.afterHoursShare) {
      suggestions.push({
        id: 'after-hours-demand',
        suggestion: 'Make the most of after-hours calls',
        impact: 'medium',
        confidence: suggestionConfidence(recent.length),
        description: `${percent(afterHours / recent.length)} of conversations (${afterHours} of ${recent.length}) came ${afterHoursWindow(clock)}. Let the assistant book and take deposits then rather than only take messages.`,
      });
    }
    const escalated = recent.filter((c) => c.escalated).length;
    if (escalated / recent.length >= t.escalationShare) {
      suggestions.push({
        id: 'frequent-escalations',
        suggestion: 'Answer more questions without the manager',
        impact: 'low',
        confidence: suggestionConfidence(recent.length),
        description: `${percent(escalated / recent.length)} of conversations (${escalated} of ${recent.length}) were escalated to the manager. Add the answers to common escalated questions to the business description.`,
      });
    }
  }

  const booked = recent.filter((c) => c.objectives_met.appointment_booked === true);
  if (booked.length >= MIN_SUGGESTION_SAMPLE) {
    const withoutDeposit = booked.filter((c) => c.amount_collected_cents === 0).length;
    if (withoutDeposit / booked.length >= t.bookingsWithoutDepositShare) {
      suggestions.push({
        id: 'bookings-without-deposit',
        suggestion: 'Collect a deposit on more bookings',
        impact: 'high',
        confidence: suggestionConfidence(booked.length),
        description: `${withoutDeposit} of ${booked.length} bookings (${percent(withoutDeposit / booked.length)}) were made without a deposit. Ask for the deposit before confirming the slot.`,
      });
    }
  }

  return suggestions.sort(
    (a, b) =>
      IMPACT_ORDER[a.impact] - IMPACT_ORDER[b.impact] ||
      b.confidence - a.confidence ||
      a.id.localeCompare(b.id),
  );
}
