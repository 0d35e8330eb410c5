import { describe, expect, it } from 'vitest';
import type { Receptionist } from '../receptionist';
import { receptionistTestChat } from './receptionist-test-chat';

describe("the owner's test chat over the receptionist", () => {
  it('hands the turn its owner, so the business is read beside the lease as on a call or a text', async () => {
    const handed: unknown[] = [];
    const receptionist = {
      kind: 'local',
      runTurn: async function* (conversationId: string, input: unknown) {
        handed.push({ conversationId, input });
        yield { type: 'text', delta: 'Hello' };
      },
    } as unknown as Receptionist;
    const chat = receptionistTestChat(receptionist, async () => undefined);
    const events: unknown[] = [];
    for await (const event of chat.runTurn('owner-1', 'conv-1', 'What are your hours?')) events.push(event);
    expect(events).toEqual([{ type: 'text', delta: 'Hello' }]);
    expect(handed).toEqual([
      { conversationId: 'conv-1', input: { text: 'What are your hours?', ownerId: 'owner-1' } },
    ]);
  });
});
