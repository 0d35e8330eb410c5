import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { startLocalCall, type LocalCallEvent } from '../../backend/src/local/twilio/local-call';
import { createAssistantLine } from '../support/assistant-line';
import { startRelayStack } from '../support/relay-stack';

/**
 * The local phone's forwarded call (docs/decisions/172-forwarding.md): a customer calls the business line,
 * its carrier forwards the call to the assistant number, and the local telephony provider delivers it as
 * Twilio does, with ForwardedFrom = the business line. The assistant answers and forwarding is verified.
 */
const CALLER = '+14155550123';
const BUSINESS = '+14155550142';
const { app, deps, pageUrl, close } = await startRelayStack({ pageSockets: true });
afterAll(close);

describe('the local phone’s forwarded call', () => {
  it('lists each number with its business line, for the page’s forwarded call', async () => {
    const line = await createAssistantLine(deps);
    const { numbers } = (await (await app.request('/local/phone/numbers')).json()) as {
      numbers: Array<{ phone_number: string; business_phone: string | null }>;
    };
    expect(numbers).toContainEqual(
      expect.objectContaining({ phone_number: line.assistantNumber, business_phone: BUSINESS }),
    );
    const page = await (await app.request('/local/phone')).text();
    expect(page).toContain('data-testid="phone-call-forwarded"');
  });

  it('arrives with ForwardedFrom, is answered by the assistant, and verifies forwarding', async () => {
    const line = await createAssistantLine(deps);
    const events: LocalCallEvent[] = [];
    const call = await startLocalCall({
      account: deps.localTwilioAccount!,
      authToken: LOCAL_TWILIO_AUTH_TOKEN,
      dispatch: async (request) => app.fetch(request),
      from: CALLER,
      to: line.assistantNumber,
      forwardedFrom: BUSINESS,
      onEvent: (event) => events.push(event),
    });
    expect(events[0]).toMatchObject({
      type: 'assistant',
      token: expect.stringContaining('Thanks for calling'),
    });
    expect((await deps.data.forwarding.get(line.ownerId))?.forwarding).toMatchObject({
      forwardedFrom: BUSINESS,
      verifiedAt: expect.any(String),
    });
    await call.hangUp();
  });

  it('a direct call from the page does not verify forwarding; the page’s forwarded dial does', async () => {
    const line = await createAssistantLine(deps);
    const page = new WebSocket(pageUrl);
    const received: Array<{ type: string; message?: string }> = [];
    page.on('message', (data) => received.push(JSON.parse(data.toString()) as { type: string }));
    await new Promise((resolve, reject) => page.once('open', resolve).once('error', reject));
    const connected = () => received.filter((m) => m.type === 'connected').length;

    page.send(JSON.stringify({ type: 'dial', assistant: line.assistantNumber, caller: CALLER }));
    await expect.poll(connected, { timeout: 10_000 }).toBe(1);
    expect((await deps.data.forwarding.get(line.ownerId))?.forwarding).toBeUndefined();
    page.send(JSON.stringify({ type: 'hang_up' }));
    await expect.poll(() => received.some((m) => m.type === 'call'), { timeout: 10_000 }).toBe(true);

    const second = new WebSocket(pageUrl);
    await new Promise((resolve, reject) => second.once('open', resolve).once('error', reject));
    const secondReceived: Array<{ type: string; message?: string }> = [];
    second.on('message', (data) => secondReceived.push(JSON.parse(data.toString()) as { type: string }));
    second.send(
      JSON.stringify({
        type: 'dial',
        assistant: line.assistantNumber,
        caller: CALLER,
        forwarded_from: 'nope',
      }),
    );
    await expect
      .poll(() => secondReceived.find((m) => m.type === 'call_error')?.message)
      .toMatch(/^Invalid message/);
    second.send(
      JSON.stringify({
        type: 'dial',
        assistant: line.assistantNumber,
        caller: CALLER,
        forwarded_from: BUSINESS,
      }),
    );
    await expect
      .poll(() => secondReceived.some((m) => m.type === 'connected'), { timeout: 10_000 })
      .toBe(true);
    expect((await deps.data.forwarding.get(line.ownerId))?.forwarding?.forwardedFrom).toBe(BUSINESS);
    page.close();
    second.close();
  });
});
