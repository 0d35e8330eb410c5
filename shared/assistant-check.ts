/** "Check my assistant" (issue 35 §3): its limit and texts, apart from its schemas so the dashboard loads no zod. */
/** Runs per owner per hour: each run is ten conversations (with OpenAI, real model calls). */
export const ASSISTANT_CHECK_HOURLY_LIMIT = 5;

export const ASSISTANT_CHECK_TEXTS = {
  title: 'Check my assistant',
  intro:
    'Runs 10 test conversations built from your hours, services, address and knowledge base, and shows whether your assistant handled each one. Nothing is booked or texted, and no message is taken.',
  run: 'Check my assistant',
  runAgain: 'Check again',
  running: 'Running 10 test conversations…',
  failed: 'The check could not run. Please try again.',
  tooMany: `You have run the check ${ASSISTANT_CHECK_HOURLY_LIMIT} times this hour. Please try again later.`,
  summary: (passed: number, total: number) => `${passed} of ${total} conversations passed`,
  showTranscript: 'Show transcript',
  hideTranscript: 'Hide transcript',
  pass: 'Pass',
  fail: 'Fail',
  caller: 'Caller',
  assistant: 'Assistant',
} as const;
