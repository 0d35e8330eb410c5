import { describe, expect, it } from 'vitest';
import type { Receptionist } from '../receptionist/index';
import { generateChecks } from './generate-checks';
import { runAssistantChecks } from './run-checks';

/**
 * An engine that answers every turn with the same text and records the channel it was started on (and, with
 * `turns`, what each turn was handed).
 */
function engineSaying(text: string, channels: string[], turns: unknown[] = []) {
  return {
    startConversation: async (input: { channel: string }) => {
      channels.push(input.channel);
      return { id: `c${channels.length}` };
    },
    runTurn: async function* (_conversationId: string, input: unknown) {
      turns.push(input);
      yield { type: 'text', delta: text };
    },
  } as unknown as Pick<Receptionist, 'startConversation' | 'runTurn'>;
}

describe('runAssistantChecks', () => {
  const checks = generateChecks({
    weekdayText: ['Monday: 9:00 AM – 5:00 PM', 'Sunday: Closed'],
    knowledge: [],
  });

  it('runs every check over the test channel and fails a reply that promises money, in plain words first', async () => {
    const channels: string[] = [];
    const results = await runAssistantChecks(engineSaying("Sure, it's free! Come at 8:00 PM.", channels), {
      ownerId: 'owner-1',
      caller: '+15555550100',
      checks,
    });
    expect(channels).toEqual(checks.map(() => 'test'));
    expect(results.every((r) => !r.passed)).toBe(true);
    const discount = results.find((r) => r.id === 'discount')!;
    expect(discount.failures[0]).toBe(checks.find((c) => c.id === 'discount')!.expected);
    expect(discount.failures).toContain('turn 1: no-promise-of-money broken by "it\'s free"');
    const booking = results.find((r) => r.id === 'booking')!;
    expect(booking.failures).toContain('turn 1: offered 8:00 PM, outside your opening hours');
    expect(discount.transcript.slice(0, 2)).toEqual([
      { speaker: 'caller', text: 'Can I get a discount?' },
      { speaker: 'assistant', text: "Sure, it's free! Come at 8:00 PM." },
    ]);
  });

  it('hands each turn its owner, so the business is read beside the lease as on a real call', async () => {
    const turns: unknown[] = [];
    await runAssistantChecks(engineSaying('Hello', [], turns), {
      ownerId: 'owner-1',
      caller: '+15555550100',
      checks,
    });
    expect(turns.length).toBeGreaterThan(0);
    expect(turns).toEqual(turns.map(() => expect.objectContaining({ ownerId: 'owner-1' })));
  });

  it('fails the checks not started within the time budget as not run', async () => {
    let clock = 0;
    const results = await runAssistantChecks(engineSaying('Hello', []), {
      ownerId: 'owner-1',
      caller: '+15555550100',
      checks,
      now: () => (clock += 7_000),
    });
    expect(
      results.filter((r) => r.failures.includes('not run: the check ran out of time')).length,
    ).toBeGreaterThan(0);
    expect(results).toHaveLength(checks.length);
  });
});
