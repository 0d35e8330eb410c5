import { describe, expect, it } from 'vitest';
import { ADVANCED_OPT_OUT } from '../../shared/carrier-keywords';
import { createAssistantLine } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';

type Thread = { messages: Array<{ direction: string; body: string; at: string; sid: string }> };

describe('local phone page: texts delivered as signed Twilio webhooks', async () => {
  const { app, deps } = await createTestApp();
  const heard = async (ownerId: string, caller: string) => {
    const threadId = await deps.data.conversationStates.openThread(ownerId, 'sms', caller, new Date(0));
    const conversation = threadId ? await deps.data.conversationStates.get(threadId) : undefined;
    return (conversation?.turns ?? []).filter((t) => t.speaker === 'caller').map((t) => t.text);
  };
  const send = (body: unknown) =>
    app.request('/local/phone/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const thread = async (assistantNumber: string, caller: string) =>
    (await (
      await app.request(
        `/local/phone/messages?${new URLSearchParams({ assistant: assistantNumber, caller })}`,
      )
    ).json()) as Thread;

  it('serves the page and its script module, with a slot for call controls', async () => {
    const page = await app.request('/local/phone');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/local/phone/app.js">');
    expect(html).toContain('id="call-controls"');
    const script = await app.request('/local/phone/app.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("fetch(base + '/messages'");
  });

  it('lists the numbers bought through the local provider with their business', async () => {
    const line = await createAssistantLine(deps, { businessName: 'Golden Gate Dental' });
    const { numbers } = (await (await app.request('/local/phone/numbers')).json()) as {
      numbers: Array<{ phone_number: string; business_name: string | null }>;
    };
    expect(numbers).toContainEqual(
      expect.objectContaining({ phone_number: line.assistantNumber, business_name: 'Golden Gate Dental' }),
    );
  });

  it('delivers a text through the real webhook, shows the reply, and keeps the thread per caller', async () => {
    const line = await createAssistantLine(deps, { businessName: 'Bella Hair Studio' });
    const response = await send({
      assistant: line.assistantNumber,
      caller: '+14155550123',
      body: 'Hi there',
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { message_sid: string; replies: string[] };
    expect(result.message_sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(result.replies).toEqual([expect.stringMatching(/thank you for calling Bella Hair Studio\./)]);
    expect(await heard(line.ownerId, '+14155550123')).toEqual(['Hi there']);

    const messages = (await thread(line.assistantNumber, '+14155550123')).messages;
    expect(messages.map((m) => [m.direction, m.body])).toEqual([
      ['inbound', 'Hi there'],
      ['outbound', result.replies[0]],
    ]);
    expect((await thread(line.assistantNumber, '+14155550124')).messages).toEqual([]);

    // Twilio's keyword handling shows too: STOP is confirmed by its auto-reply, then nothing comes back.
    await send({ assistant: line.assistantNumber, caller: '+14155550123', body: 'STOP' });
    await send({ assistant: line.assistantNumber, caller: '+14155550123', body: 'Still there?' });
    const after = (await thread(line.assistantNumber, '+14155550123')).messages.map((m) => m.body);
    expect(after.slice(2)).toEqual([
      'STOP',
      ADVANCED_OPT_OUT.replies.opt_out({ name: 'Bella Hair Studio' }),
      'Still there?',
    ]);
  });

  it('refuses bad input with 400 and an unknown number with 404, sending nothing', async () => {
    const line = await createAssistantLine(deps);
    for (const body of [
      { assistant: line.assistantNumber, caller: 'me', body: 'hi' },
      { assistant: line.assistantNumber, caller: '+14155550123', body: '' },
      { assistant: line.assistantNumber, caller: '+14155550123', body: 'x'.repeat(2001) },
      'not json',
    ]) {
      const response = await send(body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect((await response.json()).error).toBe('bad_request');
    }
    const unknown = await send({ assistant: '+12125559999', caller: '+14155550123', body: 'hi' });
    expect(unknown.status).toBe(404);
    expect((await thread('+12125559999', '+14155550123')).messages).toEqual([]);
  });
});
