import type { CallRoute, OwnerDialStatus } from './answer-mode-values';
import type { ConversationChannel, ConversationOutcome } from './conversation';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, type Language } from './language';
import type { Conversation } from './schemas/conversation';
import type { HonestyKind } from './schemas/knowledge';

/**
 * The call log's limits, labels, summaries and texts (issue 13 §1); its request and answer schemas are in
 * shared/schemas/call-log.ts, apart so the dashboard's labels do not build them (issue 16 §5).
 */
export const CALL_LOG_PAGE_SIZE = { default: 25, max: 50 } as const;
export const CALL_LOG_SUMMARY_MAX_CHARS = 160;

export const CHANNEL_LABELS: Record<ConversationChannel, string> = {
  voice: 'Call',
  sms: 'SMS',
  test: 'Test',
};

export const OUTCOME_LABELS: Record<ConversationOutcome, string> = {
  deposit_paid: 'Deposit paid',
  booked: 'Booked',
  message_taken: 'Message taken',
  escalated: 'Transferred',
  answered: 'Answered',
  abandoned: 'No reply',
  missed: 'Missed',
};

/** Tools whose successful use says what a conversation achieved, most telling first. */
const TELLING_TOOLS = [
  'deposit_paid',
  'book_appointment',
  'reschedule_appointment',
  'cancel_appointment',
  'confirm_appointment',
  'take_message',
  'escalate_to_manager',
  'send_deposit_link',
];

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/**
 * One line saying what a conversation was about, written with the record so the log's list never reads
 * transcripts: the most telling thing the assistant did, else what the caller first asked.
 */
export function conversationSummary(
  conversation: Pick<Conversation, 'actions' | 'transcript' | 'outcome'>,
): string {
  const done = (conversation.actions ?? []).filter((action) => action.ok);
  for (const tool of TELLING_TOOLS) {
    const action = done.findLast((candidate) => candidate.tool === tool);
    if (action) return clip(action.summary, CALL_LOG_SUMMARY_MAX_CHARS);
  }
  const firstAsk = conversation.transcript.find((turn) => turn.speaker === 'caller')?.text.trim();
  if (firstAsk) return clip(`Asked: “${firstAsk.replace(/\s+/g, ' ')}”`, CALL_LOG_SUMMARY_MAX_CHARS);
  return conversation.outcome === 'abandoned' || !conversation.outcome
    ? 'The caller said nothing'
    : OUTCOME_LABELS[conversation.outcome];
}

/**
 * The caller's language as the owner reads it (docs/decisions/174-spanish.md): records stored before
 * languages were kept have none, and they were English.
 */
export const languageLabel = (language: Language | undefined) => LANGUAGE_NAMES[language ?? DEFAULT_LANGUAGE];

/** Whether the owner should be told the language: only when the caller did not speak English. */
export const isOtherLanguage = (language: Language | undefined): language is Language =>
  !!language && language !== DEFAULT_LANGUAGE;

/** "The caller spoke Spanish.": the e-mails and texts to the owner say it for every language but English. */
export const callerLanguageSentence = (language: Language | undefined) =>
  isOtherLanguage(language) ? `The caller spoke ${LANGUAGE_NAMES[language]}.` : undefined;

export const durationSeconds = (startedAt: string, endedAt: string) =>
  Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 1000));

/** A conversation's length: "45s", "3m 05s", "1h 02m" (the call log and the summary e-mails). */
export function durationLabel(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

export const CALL_LOG_TEXTS = {
  title: 'Call log',
  intro:
    'Every call and text your assistant handled, and the calls that rang your business phone, picked up or missed. Newest first, in your business time zone.',
  empty: 'No conversations yet. When your assistant answers a call or a text, it appears here.',
  noMatch: 'No conversations match these filters.',
  loadFailed: 'Failed to load the call log',
  loadMore: 'Load older conversations',
  back: 'Back to the call log',
  conversation: 'Conversation',
  notFound:
    'This conversation is no longer in your call log: it was erased, or it is older than your retention period.',
  callBack: 'Call back',
  transcript: 'Transcript',
  actions: 'What the assistant did',
  objectives: 'Objective results',
  noActions: 'The assistant used no tools in this conversation.',
  ongoing: 'Ongoing',
  language: 'Language',
  allLanguages: 'All languages',
  /** The detail of a call the owner took (ring me first): why there is no transcript. */
  ownerAnswered:
    'You picked up this call on your business phone, so your assistant did not speak and there is no transcript.',
  /** The detail of a call sent to the business phone in opening hours that nobody picked up. */
  ownerMissed:
    'This call rang your business phone during your opening hours and nobody picked up, so nobody spoke with the caller and there is no transcript.',
} as const;

/** The call log's one line for a call the owner picked up (ring me first): the record has no transcript. */
export const OWNER_ANSWERED_SUMMARY = 'You picked up on your business phone';
/** The call log's one line for a call sent to the business phone in opening hours that nobody picked up. */
export const OWNER_MISSED_SUMMARY = 'Missed call on your business phone';

/** How a call reached the assistant (docs/decisions/173-answer-modes.md), as the call log says it. */
export const CALL_ROUTE_LABELS = {
  assistant: 'Answered by your assistant',
  ring_first: {
    'no-answer': 'You did not pick up: your assistant answered',
    busy: 'Your line was busy: your assistant answered',
    failed: 'Your line could not be reached: your assistant answered',
  },
  after_hours: 'Answered after hours',
  /** After hours only, in opening hours: the call went to the business phone (its record says who answered). */
  business_line: 'Sent to your business phone',
  forwarded: 'Forwarded from your business line',
  /** Ring me first, and the owner picked up: the assistant never spoke. */
  owner: 'Answered by you',
  /** Sent to the business phone in opening hours, and nobody picked up: what its leg came to. */
  ownerMissed: {
    'no-answer': 'Nobody picked up your business phone',
    busy: 'Your business phone was busy',
    failed: 'Your business phone could not be reached',
    canceled: 'The caller hung up while your business phone rang',
  },
  /** The caller hung up before the assistant's greeting: nobody answered this call. */
  unanswered: {
    assistant: 'Hung up before your assistant answered',
    ring_first: 'You did not pick up, and the caller hung up before your assistant answered',
    after_hours: 'After hours: hung up before your assistant answered',
  },
} as const;

/** What a marked conversation's caller tried (docs/decisions/181-knowledge-and-honesty.md). */
export const MANIPULATION_KIND_LABELS: Record<HonestyKind, string> = {
  owner_claim: 'claimed the owner had approved something',
  instruction_leak: 'asked for or tried to change the assistant’s instructions',
  concession: 'pushed for a discount, a free service, a refund or an exception',
};

/** The call log's mark, and its longer explanation for the title and screen readers; undefined unmarked. */
export function manipulationLabel(entry: { manipulation_attempts?: readonly HonestyKind[] }) {
  const kinds = entry.manipulation_attempts ?? [];
  if (kinds.length === 0) return undefined;
  return {
    mark: 'Manipulation attempt',
    detail: `The caller ${kinds.map((kind) => MANIPULATION_KIND_LABELS[kind]).join(' and ')}. The assistant declined.`,
  };
}

/** The call log's one-line route of a call. */
export function callRouteLabel(route: {
  call_route?: CallRoute | undefined;
  owner_dial_status?: OwnerDialStatus | undefined;
  forwarded?: boolean | undefined;
  answered?: boolean | undefined;
  owner_answered?: boolean | undefined;
}): string | undefined {
  if (!route.call_route) return undefined;
  const forwarded = route.forwarded ? ` · ${CALL_ROUTE_LABELS.forwarded}` : '';
  // The owner took it: the assistant's greeting never went out, and that is not a call nobody answered.
  // owner_answered false: the business phone rang and nobody took it (the assistant never answers there).
  const said = route.owner_answered
    ? CALL_ROUTE_LABELS.owner
    : route.owner_answered === false
      ? CALL_ROUTE_LABELS.ownerMissed[route.owner_dial_status ?? 'canceled']
      : route.answered === false && route.call_route !== 'business_line'
        ? CALL_ROUTE_LABELS.unanswered[route.call_route]
        : routeOnly(route);
  return `${said}${forwarded}`;
}

function routeOnly(route: {
  call_route?: CallRoute | undefined;
  owner_dial_status?: OwnerDialStatus | undefined;
}) {
  if (route.call_route === 'ring_first')
    return CALL_ROUTE_LABELS.ring_first[route.owner_dial_status ?? 'no-answer'];
  return CALL_ROUTE_LABELS[route.call_route ?? 'assistant'];
}
