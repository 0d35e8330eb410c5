import { z } from 'zod';

/**
 * The handoff ConversationRelay reports when its session ends (docs/decisions/030-voice-channel.md), apart
 * from voice-relay.ts: a caller's first ring reads that module, and builds no schema it does not parse
 * (docs/decisions/186-cold-start.md).
 */

/** Why the relay ended the session; read by the `action` webhook (…/voice/after). */
export const handoffDataSchema = z.discriminatedUnion('reasonCode', [
  z.object({
    reasonCode: z.literal('live-agent-handoff'),
    conversationId: z.string(),
    to: z.string(),
    summary: z.string().max(500),
  }),
  z.object({ reasonCode: z.literal('end'), conversationId: z.string().optional(), reason: z.string() }),
  z.object({ reasonCode: z.literal('protocol-error'), reason: z.string() }),
]);
export type HandoffData = z.infer<typeof handoffDataSchema>;
