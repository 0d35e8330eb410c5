import { z } from 'zod';
import { safeTextRefinement } from '../safe-text';

/**
 * The owner's knowledge base (docs/decisions/181-knowledge-and-honesty.md): questions callers ask and the
 * business's own answers, some of them policies. Stored and shown as plain text, never as HTML; the
 * assistant only quotes them as the business's words (an entry can't widen what the assistant may promise).
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
  pastedTooLong: `Paste at most ${KNOWLEDGE_LIMITS.pastedChars.toLocaleString('en-US')} characters at a time`,
  tooManyEntries: `You can keep up to ${KNOWLEDGE_LIMITS.entries} entries. Remove one to add another.`,
  tooMuchText: `Your entries can hold up to ${KNOWLEDGE_LIMITS.totalChars.toLocaleString('en-US')} characters in all. Shorten or remove an entry first.`,
  notFound: 'That entry no longer exists',
  busy: 'Your knowledge base changed at the same moment. Please try again.',
} as const;

const plainText = (max: number, required: string, tooLong: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine(...safeTextRefinement);

/** POST and PUT body: one entry as the owner wrote it. */
export const knowledgeEntryInputSchema = z
  .object({
    topic: z.enum(KNOWLEDGE_TOPICS).default('general'),
    question: plainText(
      KNOWLEDGE_LIMITS.questionChars,
      KNOWLEDGE_TEXTS.questionRequired,
      KNOWLEDGE_TEXTS.questionTooLong,
    ),
    answer: plainText(
      KNOWLEDGE_LIMITS.answerChars,
      KNOWLEDGE_TEXTS.answerRequired,
      KNOWLEDGE_TEXTS.answerTooLong,
    ),
  })
  .strict();
export type KnowledgeEntryInput = z.infer<typeof knowledgeEntryInputSchema>;

export const knowledgeEntrySchema = z.object({
  id: z.string().min(1).max(64),
  topic: z.enum(KNOWLEDGE_TOPICS),
  question: z.string().max(KNOWLEDGE_LIMITS.questionChars),
  answer: z.string().max(KNOWLEDGE_LIMITS.answerChars),
  updated_at: z.iso.datetime(),
});
export type KnowledgeEntry = z.infer<typeof knowledgeEntrySchema>;

/** Characters an entry counts against the total. */
export const entryChars = (entry: Pick<KnowledgeEntry, 'question' | 'answer'>) =>
  entry.question.length + entry.answer.length;

/** Why a list of entries can't be stored (count or total size), or undefined when it can. */
export function knowledgeLimitProblem(entries: Array<Pick<KnowledgeEntry, 'question' | 'answer'>>) {
  if (entries.length > KNOWLEDGE_LIMITS.entries) return KNOWLEDGE_TEXTS.tooManyEntries;
  const total = entries.reduce((sum, entry) => sum + entryChars(entry), 0);
  if (total > KNOWLEDGE_LIMITS.totalChars) return KNOWLEDGE_TEXTS.tooMuchText;
  return undefined;
}

/** GET answer: every entry, oldest first, with the limits the editor shows. */
export const knowledgeBaseSchema = z.object({
  entries: z.array(knowledgeEntrySchema).max(KNOWLEDGE_LIMITS.entries),
  limits: z.object({
    entries: z.number().int(),
    question_chars: z.number().int(),
    answer_chars: z.number().int(),
    total_chars: z.number().int(),
    pasted_chars: z.number().int(),
  }),
});
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;

export const knowledgeLimitsOut = {
  entries: KNOWLEDGE_LIMITS.entries,
  question_chars: KNOWLEDGE_LIMITS.questionChars,
  answer_chars: KNOWLEDGE_LIMITS.answerChars,
  total_chars: KNOWLEDGE_LIMITS.totalChars,
  pasted_chars: KNOWLEDGE_LIMITS.pastedChars,
};

export const knowledgeEntryParamsSchema = z.object({
  userId: z.string().min(1).max(128),
  entryId: z.string().min(1).max(64),
});

export const deletedKnowledgeEntrySchema = z.object({ id: z.string(), deleted: z.literal(true) });

/** POST …/knowledge/suggestions: text pasted from a FAQ page; nothing is stored. */
export const knowledgeSuggestRequestSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, KNOWLEDGE_TEXTS.pastedRequired)
      .max(KNOWLEDGE_LIMITS.pastedChars, KNOWLEDGE_TEXTS.pastedTooLong)
      .refine(...safeTextRefinement),
  })
  .strict();

/** Suggested entries, each already within the entry limits; the owner accepts them one by one. */
export const knowledgeSuggestionsSchema = z.object({
  suggestions: z
    .array(
      z.object({
        topic: z.enum(KNOWLEDGE_TOPICS),
        question: z.string().max(KNOWLEDGE_LIMITS.questionChars),
        answer: z.string().max(KNOWLEDGE_LIMITS.answerChars),
      }),
    )
    .max(KNOWLEDGE_LIMITS.suggestions),
});
export type KnowledgeSuggestion = z.infer<typeof knowledgeSuggestionsSchema>['suggestions'][number];

/**
 * What a caller's words may try that the honesty rules refuse (shared/knowledge.ts reads them): reveal or
 * override the instructions, act on what the owner supposedly said, or concede a discount, free service,
 * refund or exception. The call log marks a conversation with the kinds it met.
 */
export const HONESTY_KINDS = ['instruction_leak', 'owner_claim', 'concession'] as const;
export type HonestyKind = (typeof HONESTY_KINDS)[number];
