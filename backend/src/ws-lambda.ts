import { loadConfig } from './config/env';
import { withVendorSecrets } from './config/vendor-secrets';
import { createTokenVerifier } from './auth/token-verifier';
import { withRevocationCheck } from './auth/revocation-check';
import { createSessionRevocationRepository } from './data/session-revocations';
import { createDynamoClients } from './data/dynamo-client';
import { createRateLimiter } from './data/rate-limits';
import { createSocketConnectionRepository } from './data/socket-connections';
import { createLogger } from './logging/logger';
import { createSpeechProvider } from './providers/speech/index';
import { failClosed } from './providers/fail-closed';
import { createSocketHandler } from './voice-stream/api-gateway-transport';

/**
 * The WebSocket API's Lambda ($connect, $disconnect, $default): the voice streaming socket (spec §7). The
 * token arrives as a query parameter (browsers cannot set headers on a WebSocket) and is verified when the
 * connection opens; the protocol itself is the transport-independent session in voice-stream/.
 */
const config = loadConfig(await withVendorSecrets(process.env));
const { doc } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
const logger = createLogger();

export const handler = createSocketHandler({
  verifyToken: withRevocationCheck(
    createTokenVerifier(config.cognito),
    createSessionRevocationRepository(doc, config.tableName),
  ),
  connections: createSocketConnectionRepository(doc, config.tableName),
  speech: failClosed(config, logger)('speech', () => createSpeechProvider(config.openai)),
  rateLimiter: createRateLimiter(doc, config.tableName),
  logger,
  callbackUrl: process.env.WS_CALLBACK_URL,
});
