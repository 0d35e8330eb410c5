/**
 * The owner's test chat and test call (issue 9 §7): limits and texts. Their request and answer schemas are
 * in shared/schemas/test-chat.ts, apart so the dashboard's test chat card does not build them (issue 16 §5).
 */
export const TEST_CHAT_MAX_CHARS = 1000;
/** Test messages per owner per hour: each one runs a turn (and, with OpenAI, costs money). */
export const TEST_CHAT_HOURLY_LIMIT = 120;

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
