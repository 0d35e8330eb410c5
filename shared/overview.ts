import { isAfterHours, type BusinessClock } from './analytics';
import {
  BOT_CALENDAR_NAME,
  CALENDAR_MESSAGES,
  CALENDAR_SERVICE_NAMES,
  type CalendarService,
} from './calendar';
import { REGISTRATION_STATE_TEXTS, type RegistrationState } from './messaging-registration-states';
import { isPaymentFailed, isSubscribed, PAYMENT_FAILED } from './plans';
import { addDays, localMidnight, zonedParts } from './receptionist/business-time';
import type { Conversation } from './schemas/conversation';
import type {
  AssistantIssue,
  AssistantStatus,
  LiveCall,
  OverviewPeriod,
  TimeToAnswer,
  WaitingMessage,
} from './schemas/overview';

/**
 * The dashboard's live Overview (issue 13 §3), as pure rules over records the API read by key: the business's
 * today and this week, "missed calls saved", who is on a call now, how fast the assistant answers and what the
 * assistant's status really is. The API, the UI texts and the tests share these.
 */

/** The Overview polls this often while its tab is visible: live enough for "On a call now", cheap for the API. */
export const OVERVIEW_REFRESH_MS = 15_000;
/** Upcoming appointments shown on the Overview (the Appointments tab has them all). */
export const OVERVIEW_UPCOMING_COUNT = 5;
/** How far ahead the Overview looks for upcoming appointments. */
export const OVERVIEW_UPCOMING_DAYS = 30;
/**
 * A call still "open" this long after it started is not live any more (its status callback was lost); the
 * relay socket's own record expires after the same time (backend/src/capabilities/voice/records/relay-calls.ts).
 */
export const LIVE_CALL_MAX_MS = 4 * 60 * 60 * 1000;

/** The fields of a conversation record the Overview reads (the API projects exactly these, no transcript). */
export type OverviewRecord = Pick<
  Conversation,
  | 'id'
  | 'channel'
  | 'caller'
  | 'started_at'
  | 'outcome'
  | 'amount_collected_cents'
  | 'open'
  | 'answered_at'
  | 'call_route'
  | 'owner_answered'
>;
export const OVERVIEW_RECORD_ATTRIBUTES = [
  'id',
  'channel',
  'caller',
  'started_at',
  'outcome',
  'amount_collected_cents',
  'open',
  'answered_at',
  'call_route',
  'owner_answered',
] as const satisfies ReadonlyArray<keyof OverviewRecord>;

/** An owner message: waiting until the owner marks it handled. */
export type OverviewMessage = WaitingMessage & { handled_at?: string };
/** Waiting messages listed on the Overview (the count covers them all). */
export const OVERVIEW_WAITING_SHOWN = 10;

/** This week's messages still waiting, newest first, as many as the Overview lists. */
export const waitingMessages = (messages: readonly OverviewMessage[]): WaitingMessage[] =>
  messages
    .filter((m) => !m.handled_at)
    .sort((a, b) => b.taken_at.localeCompare(a.taken_at))
    .slice(0, OVERVIEW_WAITING_SHOWN)
    .map(({ id, taken_at, name, callback_number, reason, channel, language }) => ({
      id,
      taken_at,
      name,
      callback_number,
      reason,
      channel,
      ...(language ? { language } : {}),
    }));

/**
 * The starts of the business's today and this week (weeks start on Monday), as instants: midnight on the
 * business's clock, so a DST change day is 23 or 25 hours long and "today" still starts at local midnight.
 */
export function overviewPeriods(now: Date, timeZone: string): { todayStart: Date; weekStart: Date } {
  const local = zonedParts(now, timeZone);
  return {
    todayStart: localMidnight(local, timeZone),
    weekStart: localMidnight(addDays(local, -local.weekday), timeZone),
  };
}

/**
 * A missed call saved: a phone call the owner did not pick up that the assistant handled: one that rang the
 * business phone first and came back unanswered or busy (ring me first), one the assistant took because the
 * business was closed (after hours only), or, in any mode, one that came outside opening hours on the
 * business's own clock (see isAfterHours). Each one the owner would otherwise have missed
 * (docs/decisions/173-answer-modes.md).
 */
export const isMissedCallSaved = (
  record: Pick<OverviewRecord, 'channel' | 'started_at' | 'call_route' | 'owner_answered'>,
  clock: BusinessClock,
) =>
  record.channel === 'voice' &&
  // The owner's phone took it (picked up: a call taken), or nobody did (a call missed, not saved): only
  // the assistant saves a call.
  record.owner_answered === undefined &&
  (record.call_route === 'ring_first' ||
    record.call_route === 'after_hours' ||
    isAfterHours(record.started_at, clock));

/** Test conversations (the owner's own test chat and calls) never count, as in analytics. */
const isCustomer = (record: Pick<OverviewRecord, 'channel'>) => record.channel !== 'test';
const BOOKED_OUTCOMES: ReadonlyArray<OverviewRecord['outcome']> = ['booked', 'deposit_paid'];

/** One period's figures from the records and owner messages that started in it (from `from` on). */
export function periodFigures(
  records: readonly OverviewRecord[],
  messages: ReadonlyArray<Pick<OverviewMessage, 'taken_at' | 'handled_at'>>,
  from: Date,
  clock: BusinessClock,
): OverviewPeriod {
  const since = from.getTime();
  const inPeriod = records.filter((r) => isCustomer(r) && Date.parse(r.started_at) >= since);
  return {
    conversations: inPeriod.length,
    bookings: inPeriod.filter((r) => BOOKED_OUTCOMES.includes(r.outcome)).length,
    deposits_collected_cents: inPeriod.reduce((sum, r) => sum + r.amount_collected_cents, 0),
    messages_waiting: messages.filter((m) => !m.handled_at && Date.parse(m.taken_at) >= since).length,
    missed_calls_saved: inPeriod.filter((r) => isMissedCallSaved(r, clock)).length,
  };
}

/** Calls going on right now: open voice conversations (and the owner's test calls) younger than LIVE_CALL_MAX_MS. */
export function liveCalls(records: readonly OverviewRecord[], now: Date): LiveCall[] {
  return records
    .filter(
      (r) =>
        r.open === true &&
        r.channel === 'voice' &&
        now.getTime() - Date.parse(r.started_at) < LIVE_CALL_MAX_MS,
    )
    .sort((a, b) => b.started_at.localeCompare(a.started_at))
    .map((r) => ({ id: r.id, caller: r.caller, started_at: r.started_at }));
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

/**
 * Time to answer: from the moment a call reached the voice webhook to the greeting (the relay connected), or
 * from a first text arriving to the reply; `answered_at − started_at` of each customer conversation that has
 * both. Medians, so one slow network moment does not hide the usual figure.
 */
export function timeToAnswer(records: readonly OverviewRecord[]): TimeToAnswer {
  const waits = (channel: 'voice' | 'sms') =>
    records
      .filter((r) => r.channel === channel && r.answered_at)
      .map((r) => Math.max(0, Date.parse(r.answered_at!) - Date.parse(r.started_at)));
  const voice = waits('voice');
  const sms = waits('sms');
  return {
    median_ms: median([...voice, ...sms]),
    voice_median_ms: median(voice),
    sms_median_ms: median(sms),
    samples: voice.length + sms.length,
  };
}

/** "0.8 s", "12 s", "2 min": how the UI says a time to answer. */
export function formatAnswerTime(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

/** The Overview's texts. The badge's 'Active' is the spec's (§2); the others say what stops the assistant. */
export const OVERVIEW_TEXTS = {
  badge: { active: 'Active', attention: 'Needs attention', paused: 'Paused' },
  today: 'Today',
  thisWeek: 'This week',
  conversations: 'Conversations',
  bookings: 'Bookings',
  deposits: 'Deposits collected',
  messagesWaiting: 'Messages waiting',
  missedCallsSaved: 'Missed calls saved',
  missedCallsSavedHint:
    'Calls your assistant answered that you did not pick up: your phone rang out or was busy, or you were closed.',
  upcomingTitle: 'Upcoming appointments',
  upcomingEmpty: 'No upcoming appointments yet.',
  upcomingLink: 'All appointments',
  onACallNow: 'On a call now',
  noLiveCall: 'No call right now.',
  timeToAnswer: 'Time to answer',
  timeToAnswerHint:
    'How fast your assistant picks up this week (median): from a call reaching your number to its greeting, or from a text arriving to its reply.',
  timeToAnswerNone: 'No calls or texts answered this week yet.',
  loadFailed: 'Failed to load the overview',
  messagesTitle: 'Messages waiting',
  messagesEmpty: 'No messages waiting. Messages your assistant takes for you this week appear here.',
  markHandled: 'Mark handled',
  markHandledFailed: 'Could not mark the message handled. Please try again.',
  callBack: 'Call back',
  issues: {
    payment_failed: { message: PAYMENT_FAILED.body, action: PAYMENT_FAILED.action },
    subscription_lapsed: {
      message:
        'Your subscription has ended, so your assistant is not answering: callers hear your business number instead.',
      action: 'Renew subscription',
    },
    no_number: {
      message: 'Your assistant has no phone number yet, so nobody can call or text it.',
      action: 'Choose a number',
    },
  },
  /** Texts held until the carriers approve the business (the registration state's own explanation). */
  textingNotRegistered: (state: RegistrationState) => ({
    message: REGISTRATION_STATE_TEXTS[state].explanation,
    action:
      state === 'not_started'
        ? 'Register for texting'
        : state === 'failed'
          ? 'Fix your registration'
          : 'See your registration',
  }),
  calendarExpired: (service: CalendarService) => ({
    message: `Your ${CALENDAR_SERVICE_NAMES[service]} connection has expired. Your assistant books into your ${BOT_CALENDAR_NAME} meanwhile; new bookings are not added to ${CALENDAR_SERVICE_NAMES[service]} until you reconnect.`,
    // Spec §2 "Connection button labels".
    action: `Reconnect ${CALENDAR_SERVICE_NAMES[service]}`,
  }),
  /**
   * The calendar step's own note (decision 142, session 41): nothing for the owner to do, so no action; the
   * owner learns that bookings go to the Business Calendar until the vendor answers again.
   */
  calendarUnreachable: (service: CalendarService): { message: string; action?: string } => ({
    message: CALENDAR_MESSAGES.lastSyncFailed(service),
  }),
} as const;

/**
 * The assistant's real status: paused when it cannot answer (a failed payment, a lapsed subscription, no
 * number), needing attention when it answers but something is broken (an expired calendar connection, texts
 * held until the business's texting registration is approved), else
 * the spec's 'Active'. Every problem comes with what fixes it.
 */
export function assistantStatus(input: {
  subscriptionStatus: string | undefined;
  assistantPhone: string | undefined;
  expiredCalendars: readonly CalendarService[];
  /** Connected calendars whose vendor could not be reached the last time the assistant used them. */
  unreachableCalendars?: readonly CalendarService[];
  /** The A2P registration's state; absent: not known to the caller (no issue raised). */
  textingRegistration?: RegistrationState;
}): AssistantStatus {
  const issues: AssistantIssue[] = [];
  if (isPaymentFailed(input.subscriptionStatus)) issues.push({ kind: 'payment_failed' });
  else if (!isSubscribed(input.subscriptionStatus)) issues.push({ kind: 'subscription_lapsed' });
  if (!input.assistantPhone) issues.push({ kind: 'no_number' });
  for (const service of input.expiredCalendars) issues.push({ kind: 'calendar_expired', service });
  for (const service of input.unreachableCalendars ?? [])
    issues.push({ kind: 'calendar_unreachable', service });
  // It answers calls, but texts to US callers wait for the carriers (docs/decisions/169): attention.
  if (input.assistantPhone && input.textingRegistration && input.textingRegistration !== 'approved') {
    issues.push({ kind: 'texting_not_registered', registration_state: input.textingRegistration });
  }
  const paused = issues.some(
    (issue) =>
      issue.kind !== 'calendar_expired' &&
      issue.kind !== 'calendar_unreachable' &&
      issue.kind !== 'texting_not_registered',
  );
  // An unreachable calendar is told, calmly: the assistant answers and books, and nothing needs doing
  // (reconnecting would not help), so it alone leaves the assistant Active (decision 142, session 42).
  const attention = issues.some((issue) => issue.kind !== 'calendar_unreachable');
  const state = paused ? 'paused' : attention ? 'attention' : 'active';
  return { state, label: OVERVIEW_TEXTS.badge[state], issues };
}

/** The message and action label of one issue (none when there is nothing to do). */
export const issueText = (issue: AssistantIssue): { message: string; action?: string } =>
  issue.kind === 'calendar_expired'
    ? OVERVIEW_TEXTS.calendarExpired(issue.service)
    : issue.kind === 'calendar_unreachable'
      ? OVERVIEW_TEXTS.calendarUnreachable(issue.service)
      : issue.kind === 'texting_not_registered'
        ? OVERVIEW_TEXTS.textingNotRegistered(issue.registration_state)
        : OVERVIEW_TEXTS.issues[issue.kind];
