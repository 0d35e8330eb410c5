import { describe, expect, it } from 'vitest';
import { callApi } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

type ChatResponse = {
  conversation_id: string;
  engine: string;
  items: Array<{ type: string; text?: string; reason?: string }>;
  ended: boolean;
};

describe('POST /oauth/users/{userId}/test-chat: the owner talks to their own assistant', async () => {
  const { app, deps, services } = await createTestApp();
  const [owner, other, newcomer] = await Promise.all([
    createConfirmedUser(services, 'chat-owner'),
    createConfirmedUser(services, 'chat-other'),
    createConfirmedUser(services, 'chat-new'),
  ]);
  for (const user of [owner, other]) {
    await deps.data.businessConfigs.createConfig(user.sub, {
      business_name: 'Golden Gate Dental',
      address: '500 Market St, San Francisco, CA',
      phone_number: '+14155550142',
    });
  }
  const chat = (user: typeof owner, body: unknown, path = `/oauth/users/${user.sub}/test-chat`) =>
    callApi(app, 'POST', path, user.tokens.IdToken, body);

  it('answers through the engine, says the local engine answered, and keeps one test conversation', async () => {
    const first = await chat(owner, { text: 'Hi! Where are you located?' });
    expect(first.status).toBe(200);
    const body = first.body as unknown as ChatResponse;
    expect(body.engine).toBe('local');
    expect(body.ended).toBe(false);
    expect(body.items).toEqual([
      { type: 'action', tool: 'get_business_info', ok: true, summary: 'Shared the address' },
      { type: 'reply', text: expect.stringMatching(/^We're at 500 Market St/) },
    ]);

    const second = await chat(owner, { conversation_id: body.conversation_id, text: 'Thanks, bye!' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ conversation_id: body.conversation_id, ended: true });
    expect((second.body as unknown as ChatResponse).items.at(-1)).toEqual({
      type: 'ended',
      reason: 'goodbye',
    });

    const stored = await deps.data.conversationStates.get(body.conversation_id);
    expect(stored).toMatchObject({ owner_id: owner.sub, channel: 'test', ended_at: expect.any(String) });
    expect(stored?.turns.map((t) => t.speaker)).toEqual(['caller', 'assistant', 'caller', 'assistant']);

    // An ended conversation takes no more turns; a new chat starts a new one.
    const after = await chat(owner, { conversation_id: body.conversation_id, text: 'One more thing' });
    expect(after.status).toBe(404);
    const fresh = await chat(owner, { text: 'Hello' });
    expect(fresh.body.conversation_id).not.toBe(body.conversation_id);
  });

  it("refuses another owner's conversation id, path and an owner without a config", async () => {
    const mine = (await chat(owner, { text: 'Hello' })).body as unknown as ChatResponse;
    const stolen = await chat(other, { conversation_id: mine.conversation_id, text: 'Hello' });
    expect(stolen.status).toBe(404);
    const otherPath = await chat(other, { text: 'Hello' }, `/oauth/users/${owner.sub}/test-chat`);
    expect(otherPath.status).toBe(403);
    const noConfig = await chat(newcomer, { text: 'Hello' });
    expect(noConfig.status).toBe(404);
    const stored = await deps.data.conversationStates.get(mine.conversation_id);
    expect(stored?.turns).toHaveLength(2);
  });

  it('refuses a missing token, and empty or oversized text with 400', async () => {
    const anonymous = await callApi(app, 'POST', `/oauth/users/${owner.sub}/test-chat`, undefined, {
      text: 'hi',
    });
    expect(anonymous.status).toBe(401);
    for (const body of [
      { text: '' },
      { text: '   ' },
      { text: 'x'.repeat(1001) },
      { conversation_id: 'x' },
    ]) {
      const response = await chat(owner, body);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.body.error).toBe('validation_error');
    }
  });
});
