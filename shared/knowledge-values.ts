import { groupedDigits } from './intl-format';

/**
 * The knowledge base's values without its schemas (docs/decisions/181-knowledge-and-honesty.md): the topics,
 * limits and texts the dashboard shows load no zod; shared/schemas/knowledge.ts builds the checks from them.
 */

/** Policies get their own topic, so a caller's "is there parking?" finds the parking entry by meaning. */
export const KNOWLEDGE_TOPICS = [
  'general',
  'cancellation',
  'payment_methods',
  'parking',
  'accessibility',
  'insurance',
  'what_to_bring',
  'walk_ins',
] as const;
export type KnowledgeTopic = (typeof KNOWLEDGE_TOPICS)[number];

/** Per-owner limits: the whole base is one item the assistant reads on every turn (a voice call's speed). */
export const KNOWLEDGE_LIMITS = {
  entries: 40,
  questionChars: 200,
  answerChars: 1000,
  /** Questions and answers together; keeps the item (and the model's instructions) small. */
  totalChars: 16_000,
  pastedChars: 20_000,
  suggestions: 40,
} as const;

export const KNOWLEDGE_TEXTS = {
  questionRequired: 'Write the question callers ask',
  questionTooLong: `The question must be at most ${KNOWLEDGE_LIMITS.questionChars} characters`,
  answerRequired: 'Write the answer the assistant should give',
  answerTooLong: `The answer must be at most ${KNOWLEDGE_LIMITS.answerChars} characters`,
  pastedRequired: 'Paste some text to get suggested entries',
  pastedTooLong: `Paste at most ${groupedDigits(KNOWLEDGE_LIMITS.pastedChars)} characters at a time`,
  tooManyEntries: `You can keep up to ${KNOWLEDGE_LIMITS.entries} entries. Remove one to add another.`,
  tooMuchText: `Your entries can hold up to ${groupedDigits(KNOWLEDGE_LIMITS.totalChars)} characters in all. Shorten or remove an entry first.`,
  notFound: 'That entry no longer exists',
  busy: 'Your knowledge base changed at the same moment. Please try again.',
} as const;

/** Characters an entry counts against the total. */
export const entryChars = (entry: { question: string; answer: string }) =>
  entry.question.length + entry.answer.length;

/** Why a list of entries can't be stored (count or total size), or undefined when it can. */
export function knowledgeLimitProblem(entries: Array<{ question: string; answer: string }>) {
  if (entries.length > KNOWLEDGE_LIMITS.entries) return KNOWLEDGE_TEXTS.tooManyEntries;
  const total = entries.reduce((sum, entry) => sum + entryChars(entry), 0);
  if (total > KNOWLEDGE_LIMITS.totalChars) return KNOWLEDGE_TEXTS.tooMuchText;
  return undefined;
}

export const knowledgeLimitsOut = {
  entries: KNOWLEDGE_LIMITS.entries,
  question_chars: KNOWLEDGE_LIMITS.questionChars,
  answer_chars: KNOWLEDGE_LIMITS.answerChars,
  total_chars: KNOWLEDGE_LIMITS.totalChars,
  pasted_chars: KNOWLEDGE_LIMITS.pastedChars,
};

/**
 * What a caller's words may try that the honesty rules refuse (shared/knowledge.ts reads them): reveal or
 * override the instructions, act on what the owner supposedly said, or concede a discount, free service,
 * refund or exception. The call log marks a conversation with the kinds it met.
 */
export const HONESTY_KINDS = ['instruction_leak', 'owner_claim', 'concession'] as const;
export type HonestyKind = (typeof HONESTY_KINDS)[number];
