import { createDynamoClients } from '../platform/dynamo/dynamo-client';
import {
  createSocketConnectionRepository,
  createRelaySocketHandler,
  conversationAmender,
  routeSocketEvents,
  createSocketHandler,
} from '../capabilities/voice/index';
import { initLambda } from './lambda-init';

/**
 * The WebSocket API's Lambda ($connect, $disconnect, $default), carrying two protocols: the voice-preview
 * stream (spec §7; the owner's token in `?token=`, browsers cannot set headers on a WebSocket) and the
 * voice relay (ConversationRelay: Twilio's signed handshake, or the owner's token for a test call;
 * docs/decisions/030-voice-channel.md). Both protocols are the transport-independent sessions the local
 * `ws` servers run too; the app's dependencies are built once per instance, as in lambda.ts.
 */
const { logger, config, deps } = await initLambda();
const { doc } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
const callbackUrl = process.env.WS_CALLBACK_URL;

export const handler = routeSocketEvents({
  stream: createSocketHandler({
    verifyToken: deps.verifyToken,
    connections: createSocketConnectionRepository(doc, config.tableName),
    speech: deps.providers.speech,
    rateLimiter: deps.rateLimiter,
    logger,
    callbackUrl,
  }),
  relay: createRelaySocketHandler({
    receptionist: deps.receptionist,
    conversations: conversationAmender(deps.data, deps.receptionist),
    relayCalls: deps.data.relayCalls,
    metrics: deps.metrics,
    logger,
    now: deps.now,
    verifyToken: deps.verifyToken,
    // The Twilio auth token, from the vendor secret (withVendorSecrets above).
    authToken: config.twilioWebhookAuthToken,
    relayUrl: config.voiceRelayUrl,
    callbackUrl,
  }),
  isRelayConnection: async (connectionId) => (await deps.data.relayCalls.get(connectionId)) !== undefined,
});
