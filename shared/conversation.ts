/**
 * A conversation's channel and outcome (shared/schemas/conversation.ts holds the record's schema). Apart
 * from the schemas so the dashboard's labels and filters do not build them (issue 16 §5).
 */
/** 'test': the owner's own test chat or call from the dashboard; stored, but never counted in analytics. */
export const CONVERSATION_CHANNELS = ['voice', 'sms', 'test'] as const;
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];

/** Ordered by precedence: a conversation's outcome is the first of these it reached. */
export const CONVERSATION_OUTCOMES = [
  'deposit_paid',
  'booked',
  'message_taken',
  'escalated',
  'answered',
  'abandoned',
  // A call sent to the business phone that nobody picked up (after hours only, in opening hours): never an
  // outcome of the assistant's, so it comes last (docs/decisions/173-answer-modes.md, session 42).
  'missed',
] as const;
export type ConversationOutcome = (typeof CONVERSATION_OUTCOMES)[number];
