import type { AppConfig } from './config/env';
import type { AppDeps } from './app-types';
import { createTokenVerifier } from './auth/token-verifier';
import { createDynamoClients } from './data/dynamo-client';
import { createBusinessConfigRepository } from './data/business-config';
import { createRateLimiter } from './data/rate-limits';
import { createLogger } from './logging/logger';
import { createLocalOutbox } from './providers/email/local';
import { emailNotConfigured } from './providers/email/index';

/**
 * The one wiring of the app's dependencies from configuration: Lambda, the local server, the bench and the
 * tests all build their app through it (tests override single entries, e.g. the logger or the clock).
 */
export function createAppDeps(
  config: AppConfig,
  overrides: Partial<Pick<AppDeps, 'logger' | 'now'>> = {},
): AppDeps {
  const { doc } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
  const logger = overrides.logger ?? createLogger();
  const now = overrides.now ?? (() => new Date());
  const localOutbox = config.localProviders ? createLocalOutbox(config.localOutboxDir) : undefined;
  return {
    config,
    verifyToken: createTokenVerifier(config.cognito),
    rateLimiter: createRateLimiter(doc, config.tableName),
    logger,
    now,
    data: {
      businessConfigs: createBusinessConfigRepository(doc, config.tableName, now),
      // Each feature adds its repository on its own line below this one.
    },
    providers: {
      email: localOutbox ?? emailNotConfigured,
      // Each feature adds its provider on its own line below this one.
    },
    localOutbox,
  };
}
