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

/**
 * What the call log and analytics say about how a call reached the assistant, or the owner:
 * `business_line` is a call "after hours only" sent to the business phone in opening hours (the assistant
 * never answers it; its record says whether the owner picked up, decision 173 session 42).
 */
export const CALL_ROUTES = ['assistant', 'ring_first', 'after_hours', 'business_line'] as const;
export type CallRoute = (typeof CALL_ROUTES)[number];
/** The routes on which the assistant answers (and has a greeting). */
export type AssistantCallRoute = Exclude<CallRoute, 'business_line'>;
/** What Twilio said of the business line's leg when ring me first fell through to the assistant. */
/** (completed/answered: the owner picked up; canceled: the caller hung up while it rang: no fallback.) */
export const OWNER_DIAL_STATUSES = ['no-answer', 'busy', 'failed'] as const;
export type OwnerDialStatus = (typeof OWNER_DIAL_STATUSES)[number];

/** The owner's form (setup step 5 and the dashboard). */
export const ANSWER_MODE_TEXTS = {
  title: 'When your assistant answers',
  intro: 'Your assistant can answer every call, only the calls you miss, or only when you are closed.',
  modes: {
    always: {
      label: 'Always',
      description: 'Your assistant answers every call right away.',
    },
    ring_first: {
      label: 'Ring me first',
      description:
        'Your business phone rings first. If nobody picks up or the line is busy, your assistant answers.',
    },
    after_hours: {
      label: 'After hours only',
      description:
        'During your opening hours calls go to your business phone. Outside them your assistant answers.',
    },
  },
  ringSeconds: 'Ring my phone for (seconds)',
  greetings: {
    always: 'Greeting',
    ring_first: 'Greeting when you miss a call',
    after_hours: 'Greeting after hours',
  },
  greetingHint: 'Spoken word for word. Leave empty to use the suggested greeting.',
  save: 'Save',
  saved: 'Saved',
  saveFailed: 'Could not save. Please try again.',
  needsBusinessPhone:
    'Add your business phone number (step 1) first: your assistant needs a number to ring before it answers.',
  needsOpeningHours:
    'Add your opening hours (step 1) first: your assistant needs them to know when you are closed.',
} as const;
