import type { AppConfig } from './config/env';
import type { TokenVerifier } from './auth/token-verifier';
import type { BusinessConfigRepository } from './data/business-config';
import type { RateLimiter } from './data/rate-limits';
import type { Logger } from './logging/logger';
import type { LocalOutbox } from './providers/email/local';
import type { AuthVariables } from './auth/middleware';

/** Everything the app needs from outside, passed in so a test builds an app with exactly what it needs. */
export type AppDeps = {
  config: AppConfig;
  verifyToken: TokenVerifier;
  businessConfigs: BusinessConfigRepository;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** Present only when local providers are on: the mail outbox page reads it. */
  localOutbox?: LocalOutbox;
};

export type AppEnv = { Variables: Partial<AuthVariables> };
