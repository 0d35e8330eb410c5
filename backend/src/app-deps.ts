import type { AppConfig } from './config/env';
import type { AppDeps } from './app-types';
import { createTokenVerifier } from './auth/token-verifier';
import { createDynamoClients } from './data/dynamo-client';
import { createBusinessConfigRepository } from './data/business-config';
import { createRateLimiter } from './data/rate-limits';
import { createLogger } from './logging/logger';
import { createLocalOutbox } from './providers/email/local';

/** The production wiring of the app's dependencies from configuration (Lambda and the local server). */
export function createAppDeps(config: AppConfig): AppDeps {
  const { doc } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
  return {
    config,
    verifyToken: createTokenVerifier(config.cognito),
    businessConfigs: createBusinessConfigRepository(doc, config.tableName),
    rateLimiter: createRateLimiter(doc, config.tableName),
    logger: createLogger(),
    ...(config.localProviders ? { localOutbox: createLocalOutbox(config.localOutboxDir) } : {}),
  };
}
