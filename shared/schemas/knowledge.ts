import { z } from 'zod';
import { safeTextRefinement } from '../safe-text';
import { KNOWLEDGE_LIMITS, KNOWLEDGE_TEXTS, KNOWLEDGE_TOPICS } from '../knowledge-values';

export {
  entryChars,
  HONESTY_KINDS,
  KNOWLEDGE_LIMITS,
  KNOWLEDGE_TEXTS,
  KNOWLEDGE_TOPICS,
  knowledgeLimitProblem,
  knowledgeLimitsOut,
} from '../knowledge-values';
export type { HonestyKind, KnowledgeTopic } from '../knowledge-values';

/**
 * The owner's knowledge base (docs/decisions/181-knowledge-and-honesty.md): questions callers ask and the
 * business's own answers, some of them policies. Stored and shown as plain text, never as HTML; the
 * assistant only quotes them as the business's words (an entry can't widen what the assistant may promise).
 */

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
