import { z } from 'zod';

/**
 * The owner's test chat (issue 9 §7): the owner writes as a caller would, the same engine answers, and what
 * it did (slot held, booked, link sent) is shown inline. Conversations are stored with channel 'test' and
 * left out of analytics.
 */
export const TEST_CHAT_MAX_CHARS = 1000;
/** Test messages per owner per hour: each one runs a turn (and, with OpenAI, costs money). */
export const TEST_CHAT_HOURLY_LIMIT = 120;

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

export const TEST_CHAT_TEXTS = {
  title: 'Test your assistant',
  intro:
    'Chat with your assistant as a caller would. It uses your real settings, hours and bookings; test chats are not counted in analytics and text no one.',
  localEngine:
    'Answered by the local engine: a built-in, rule-based stand-in for the AI model (no OpenAI key is configured).',
  openaiEngine: 'Answered by the AI model with your settings.',
  placeholder: 'e.g. Can I book a haircut tomorrow afternoon?',
  newChat: 'New chat',
  send: 'Send',
  ended: 'The assistant ended this conversation. Start a new chat to try again.',
  failed: 'The assistant could not answer. Please try again.',
} as const;

/** Test calls per owner per hour: each opens a conversation whose turns run the engine. */
export const TEST_CALL_HOURLY_LIMIT = 20;

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
