import { z } from 'zod';
import { TEST_CHAT_MAX_CHARS } from '../test-chat';

/**
 * The owner's test chat (issue 9 §7): the owner writes as a caller would, the same engine answers, and what
 * it did (slot held, booked, link sent) is shown inline. Conversations are stored with channel 'test' and
 * left out of analytics.
 */
export const testChatRequestSchema = z.object({
  /** Absent: a new test conversation starts. */
  conversation_id: z.string().min(1).max(100).optional(),
  text: z.string().trim().min(1, 'Type a message first').max(TEST_CHAT_MAX_CHARS),
});
export type TestChatRequest = z.infer<typeof testChatRequestSchema>;

export const testChatItemSchema = z.discriminatedUnion('type', [
  /** What the assistant said (its text tokens joined). */
  z.object({ type: z.literal('reply'), text: z.string() }),
  /** A tool the assistant used and how it went, e.g. "Booked Haircut for Tue, Dec 1 at 3:00 PM". */
  z.object({ type: z.literal('action'), tool: z.string(), ok: z.boolean(), summary: z.string() }),
  /** The assistant would hand a call to the manager (voice) or has texted them (SMS). */
  z.object({ type: z.literal('transfer'), summary: z.string() }),
  /** The assistant ended the conversation. */
  z.object({ type: z.literal('ended'), reason: z.string() }),
]);
export type TestChatItem = z.infer<typeof testChatItemSchema>;

export const testChatResponseSchema = z.object({
  conversation_id: z.string(),
  /** 'local': the deterministic local engine answered, not an AI model; the UI says so. */
  engine: z.enum(['local', 'openai']),
  items: z.array(testChatItemSchema),
  ended: z.boolean(),
});
export type TestChatResponse = z.infer<typeof testChatResponseSchema>;

/**
 * POST …/test-call: a new test conversation for the owner's in-browser call. The browser then opens the
 * relay socket with its token and sends `setup` with this conversation id, as Twilio would with the
 * TwiML's parameter; the greeting is what the assistant says first.
 */
export const testCallResponseSchema = z.object({
  conversation_id: z.string(),
  greeting: z.string(),
  engine: z.enum(['local', 'openai']),
});
export type TestCallResponse = z.infer<typeof testCallResponseSchema>;
