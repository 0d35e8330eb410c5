/**
 * The values of the answer modes (docs/decisions/173-answer-modes.md) that schemas and records name: a leaf
 * module (no imports), so the config and conversation schemas can use them without reaching the rules in
 * answer-modes.ts, which read opening hours and time zones.
 */
export const ANSWER_MODES = ['always', 'ring_first', 'after_hours'] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];
/** Owners who never chose keep today's behaviour. */
export const DEFAULT_ANSWER_MODE: AnswerMode = 'always';

/** How long the business phone rings before the assistant answers (ring me first). */
export const RING_SECONDS = { min: 10, max: 30, default: 20 } as const;
/** A greeting is one or two spoken sentences: ConversationRelay says it before the caller speaks. */
export const GREETING_MAX_CHARS = 300;

export const ANSWER_MODE_ERRORS = {
  businessPhoneRequired:
    'Ring me first and after hours only need your business phone number (E.164, e.g. +14155550123). Add it in your business information first.',
  openingHoursRequired:
    'After hours only needs your opening hours. Add them in your business information first.',
  markup: 'Greetings are spoken as plain text: remove markup such as <speak> or <break>.',
} as const;

/** What the call log and analytics say about how a call reached the assistant. */
export const CALL_ROUTES = ['assistant', 'ring_first', 'after_hours'] as const;
export type CallRoute = (typeof CALL_ROUTES)[number];
/** What Twilio said of the business line's leg when ring me first fell through to the assistant. */
/** (completed/answered: the owner picked up; canceled: the caller hung up while it rang: no fallback.) */
export const OWNER_DIAL_STATUSES = ['no-answer', 'busy', 'failed'] as const;
export type OwnerDialStatus = (typeof OWNER_DIAL_STATUSES)[number];
