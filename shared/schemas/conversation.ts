import { z } from 'zod';

/**
 * One conversation the assistant had on the owner's line (a call or an SMS thread). Analytics are computed
 * from these records only, never invented (issue 5). Amounts are integer cents so sums are exact.
 */
export const CONVERSATION_CHANNELS = ['voice', 'sms'] as const;
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];

export const transcriptTurnSchema = z.object({
  speaker: z.enum(['assistant', 'caller']),
  text: z.string().max(4000),
  at: z.iso.datetime(),
});
export type TranscriptTurn = z.infer<typeof transcriptTurnSchema>;

export const conversationSchema = z.object({
  id: z.string().min(1).max(100),
  business_id: z.string().min(1).max(100),
  /** The objective the assistant pursued; its success criteria are the keys of objectives_met. */
  objective_id: z.string().max(100).optional(),
  channel: z.enum(CONVERSATION_CHANNELS),
  /** The caller's number (E.164). */
  caller: z.string().max(20),
  started_at: z.iso.datetime(),
  ended_at: z.iso.datetime(),
  transcript: z.array(transcriptTurnSchema).max(500),
  /** Success criterion → whether this conversation met it. */
  objectives_met: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), z.boolean()),
  /** Money taken during the conversation (deposits), in cents. */
  amount_collected_cents: z.number().int().min(0),
  /** The assistant handed the caller over to the manager. */
  escalated: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;
