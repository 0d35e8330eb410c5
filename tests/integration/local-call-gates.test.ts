import { describe, expect, it } from 'vitest';
import { CALLER_TEXTS } from '../../shared/caller-texts';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { startLocalCall, type LocalCallEvent } from '../../backend/src/local/twilio/local-call';
import { createAssistantLine } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';

/**
 * The local phone plays both gates as Twilio would (docs/decisions/176): a blocked caller's call is refused
 * with <Reject> and ends unanswered (the status callback says no-answer), and a caller who hangs up before
 * the greeting ends a call the assistant never spoke on, which is texted back once.
 */
describe('local calls through the caller gates', async () => {
  const { app, deps } = await createTestApp();
  const line = await createAssistantLine(deps);

  const dial = async (from: string, options: { hangUpBeforeGreeting?: boolean } = {}) => {
    const events: LocalCallEvent[] = [];
    const call = await startLocalCall({
      account: deps.localTwilioAccount!,
      authToken: LOCAL_TWILIO_AUTH_TOKEN,
      dispatch: async (request) => app.fetch(request),
      from,
      to: line.assistantNumber,
      onEvent: (event) => events.push(event),
      ...options,
    });
    return { call, events };
  };
  const textsTo = async (caller: string) =>
    (await deps.localTwilioAccount!.thread(line.assistantNumber, caller)).filter(
      (m) => m.direction === 'outbound',
    );

  it('shows a blocked caller’s call as rejected, unanswered and not texted back', async () => {
    const caller = '+14155557001';
    await deps.data.blockedNumbers.block(line.ownerId, caller, 'Robocaller');
    const { call, events } = await dial(caller);
    expect(call.ended).toBe(true);
    expect(events).toEqual([{ type: 'rejected' }, { type: 'ended', reason: 'rejected' }]);
    expect(await textsTo(caller)).toEqual([]);
    expect((await deps.data.blockedNumbers.get(line.ownerId, caller))?.attempts).toBe(1);
  });

  it('hangs up before the greeting: no assistant word, and one text back', async () => {
    const caller = '+14155557002';
    const { call, events } = await dial(caller, { hangUpBeforeGreeting: true });
    expect(call.ended).toBe(true);
    expect(events.some((e) => e.type === 'assistant')).toBe(false);
    expect(events.at(-1)).toEqual({ type: 'ended', reason: 'caller hung up before the greeting' });
    expect((await textsTo(caller)).map((m) => m.body)).toEqual([
      CALLER_TEXTS.en.missedCall(line.businessName),
    ]);
    await dial(caller, { hangUpBeforeGreeting: true });
    expect(await textsTo(caller)).toHaveLength(1);
  });
});
