import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { conversationAmender } from '../../backend/src/capabilities/voice/relay/conversation-amend';
import { attachRelayServer } from '../../backend/src/local/api-gateway/local-relay-server';
import { attachLocalCallServer, localCallVoice } from '../../backend/src/local/twilio/local-call-socket';
import { LOCAL_CALL_PATH } from '../../backend/src/local/twilio/local-phone-page';
import { createTestTokenIssuer } from './signed-tokens';
import { createTestApp } from './test-app';

/**
 * A test app with the ConversationRelay socket served on a real port, as backend/src/entry/server.ts serves
 * it (signed handshake, the real engine and DynamoDB Local); with `pageSockets`, the local phone page's call
 * socket on the same port. `close` stops both.
 */
export async function startRelayStack(
  options: { overrides?: Parameters<typeof createTestApp>[1]; pageSockets?: boolean } = {},
) {
  const issuer = await createTestTokenIssuer();
  const server = http.createServer((_, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/relay`;
  const testApp = await createTestApp({ VOICE_RELAY_URL: relayUrl }, options.overrides);
  const { app, deps } = testApp;
  const relay = attachRelayServer(server, {
    receptionist: deps.receptionist,
    conversations: conversationAmender(deps.data, deps.receptionist),
    relayCalls: deps.data.relayCalls,
    metrics: deps.metrics,
    logger: deps.logger,
    verifyToken: issuer.verifyToken,
    authToken: LOCAL_TWILIO_AUTH_TOKEN,
    configuredRelayUrl: relayUrl,
    publicApiUrl: undefined,
  });
  const pageSockets = options.pageSockets
    ? attachLocalCallServer(server, {
        account: deps.localTwilioAccount!,
        authToken: LOCAL_TWILIO_AUTH_TOKEN,
        dispatch: async (request) => app.fetch(request),
        speech: { speech: deps.providers.speech, rateLimiter: deps.rateLimiter, logger: deps.logger },
        voiceFor: localCallVoice(deps.data),
        logger: deps.logger,
      })
    : undefined;
  return {
    ...testApp,
    issuer,
    relayUrl,
    /** The local phone page's call socket (with `pageSockets`). */
    pageUrl: relayUrl.replace('/relay', LOCAL_CALL_PATH),
    close() {
      pageSockets?.close();
      relay.close();
      server.close();
    },
  };
}
