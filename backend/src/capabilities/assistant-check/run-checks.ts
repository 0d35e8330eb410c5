import type { AssistantCheckResult } from '@shared/schemas/assistant-check';
import { ConversationLimitError, type Receptionist } from '../receptionist/index';
import { scenarioFailures } from './checks';
import { timesOutside, type AssistantCheck } from './generate-checks';
import { runOneTurn } from './run-turn';
import type { Reply } from './scenario-types';

/** A whole run stays within this; checks not started by then fail as "not run" rather than hang the request. */
export const CHECK_TIME_BUDGET_MS = 20_000;
const CONCURRENCY = 3;

/**
 * Runs the checks against the owner's real assistant over channel 'test' (no texts, no webhooks, no caller
 * memory, not in analytics) and judges each with the eval suite's checks. No check confirms a booking or a
 * message, so the owner's calendar and inbox stay as they were (docs/decisions/182).
 */
export async function runAssistantChecks(
  receptionist: Pick<Receptionist, 'startConversation' | 'runTurn'>,
  input: { ownerId: string; caller: string; checks: AssistantCheck[]; now?: () => number },
): Promise<AssistantCheckResult[]> {
  const now = input.now ?? (() => performance.now());
  const deadline = now() + CHECK_TIME_BUDGET_MS;
  const results: AssistantCheckResult[] = new Array(input.checks.length);
  let next = 0;
  const runOne = async (check: AssistantCheck): Promise<AssistantCheckResult> => {
    const replies: Reply[] = [];
    let error: string | undefined;
    try {
      const conversation = await receptionist.startConversation({
        ownerId: input.ownerId,
        channel: 'test',
        caller: input.caller,
      });
      for (const turn of check.turns)
        replies.push(await runOneTurn(receptionist, conversation.id, turn.say, input.ownerId));
    } catch (e) {
      // Over the owner's daily conversation ceiling: the whole run stops (the route answers 429).
      if (e instanceof ConversationLimitError) throw e;
      error = (e as Error).message;
    }
    const failures = scenarioFailures(check, {
      replies,
      appointments: [],
      messages: [],
      ...(error ? { error } : {}),
    });
    if (check.timesWithin) {
      const reply = replies[check.timesWithin.turn - 1];
      if (reply)
        failures.push(...timesOutside(reply.text, check.timesWithin.intervals, check.timesWithin.turn));
    }
    return {
      id: check.id,
      title: check.title,
      passed: failures.length === 0,
      // The plain sentence first; the suite's detail (which turn, what was missing) after it.
      failures: failures.length > 0 ? [check.expected, ...failures] : [],
      transcript: check.turns.flatMap((turn, i) => [
        { speaker: 'caller' as const, text: turn.say },
        ...(replies[i] ? [{ speaker: 'assistant' as const, text: replies[i].text }] : []),
      ]),
    };
  };
  const worker = async () => {
    while (next < input.checks.length) {
      const index = next++;
      const check = input.checks[index]!;
      results[index] =
        now() > deadline
          ? {
              id: check.id,
              title: check.title,
              passed: false,
              failures: ['not run: the check ran out of time'],
              transcript: [],
            }
          : await runOne(check);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}
