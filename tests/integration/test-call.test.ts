import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TEST_CALL_HOURLY_LIMIT } from '../../shared/test-chat';
import type { RelayOutgoing } from '../../shared/voice-relay-messages';
import { conversationAmender } from '../../backend/src/capabilities/voice/relay/conversation-amend';
import { attachRelayServer } from '../../backend/src/local/api-gateway/local-relay-server';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

/**
 * The owner's in-browser test call: POST …/test-call opens a test conversation, the browser opens the relay
 * with its own token (no Twilio signature) and talks through the same relay session as a phone call.
 */
const { app, deps, services } = await createTestApp();
const server = http.createServer((_, res) => res.writeHead(404).end());
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const relayUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/relay`;
const relay = attachRelayServer(server, {
  receptionist: deps.receptionist,
  conversations: conversationAmender(deps.data, deps.receptionist),
  relayCalls: deps.data.relayCalls,
  metrics: deps.metrics,
  logger: deps.logger,
  verifyToken: deps.verifyToken,
  authToken: undefined,
  configuredRelayUrl: relayUrl,
  publicApiUrl: undefined,
});
afterAll(() => {
  relay.close();
  server.close();
});

const owner = await createConfirmedUser(services, 'test-call');
const token = owner.tokens.IdToken;
await deps.data.businessConfigs.createConfig(owner.sub, {
  business_name: 'Test Call Salon',
  phone_number: '+14155550142',
  address: '9 Pine St, San Francisco, CA',
});
const startCall = (userId = owner.sub) =>
  app.request(`/oauth/users/${userId}/test-call`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });

describe('POST /oauth/users/{userId}/test-call and the in-browser call', () => {
  it('starts a test conversation the owner then talks to over the relay with their token', async () => {
    const response = await startCall();
    expect(response.status).toBe(201);
    const body = (await response.json()) as { conversation_id: string; greeting: string; engine: string };
    expect(body).toMatchObject({ greeting: expect.stringContaining('Test Call Salon'), engine: 'local' });

    const socket = new WebSocket(`${relayUrl}?token=${token}`);
    const messages: RelayOutgoing[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as RelayOutgoing));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(
      JSON.stringify({
        type: 'setup',
        sessionId: 'browser',
        callSid: 'browser-test-call',
        customParameters: { conversationId: body.conversation_id },
      }),
    );
    socket.send(JSON.stringify({ type: 'prompt', voicePrompt: 'Where are you located?', last: true }));
    await expect
      .poll(() => messages.some((m) => m.type === 'text' && m.last), { timeout: 10_000 })
      .toBe(true);
    expect(messages.map((m) => (m.type === 'text' ? m.token : '')).join('')).toContain('9 Pine St');
    socket.close();
    // Hanging up the browser call ends its conversation.
    await expect
      .poll(async () => (await deps.data.conversationStates.get(body.conversation_id))?.ended_at, {
        timeout: 10_000,
      })
      .toBeDefined();
    const state = await deps.data.conversationStates.get(body.conversation_id);
    expect(state).toMatchObject({ channel: 'test', owner_id: owner.sub });
  });

  it("refuses another owner's path, and an owner without a config", async () => {
    expect((await startCall('someone-else')).status).toBe(403);
    const other = await createConfirmedUser(services, 'test-call-new');
    const response = await app.request(`/oauth/users/${other.sub}/test-call`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${other.tokens.IdToken}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });

  it(`holds each owner to ${TEST_CALL_HOURLY_LIMIT} test calls an hour, counted under parallel requests`, async () => {
    const limited = await createConfirmedUser(services, 'test-call-limit');
    await deps.data.businessConfigs.createConfig(limited.sub, { business_name: 'Busy Salon' });
    const statuses = await Promise.all(
      Array.from({ length: TEST_CALL_HOURLY_LIMIT + 3 }, async () => {
        const response = await app.request(`/oauth/users/${limited.sub}/test-call`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${limited.tokens.IdToken}` },
        });
        return response.status;
      }),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(TEST_CALL_HOURLY_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });
});
