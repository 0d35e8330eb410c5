import type { AppConfig } from './config/env';
import type { TokenVerifier } from './auth/token-verifier';
import type { BusinessConfigRepository } from './data/business-config';
import type { RateLimiter } from './data/rate-limits';
import type { Logger } from './logging/logger';
import type { LocalOutbox } from './providers/email/local';
import type { EmailSender } from './providers/email/index';
import type { AuthVariables } from './auth/middleware';

/** Repositories over the app table, one per entity (backend/src/data/<entity>.ts). */
export type AppData = {
  businessConfigs: BusinessConfigRepository;
  // Each feature adds its repository on its own line below this one.
};

/** External services, each an interface with a real SDK adapter and a local one (providers/<kind>/). */
export type AppProviders = {
  email: EmailSender;
  // Each feature adds its provider on its own line below this one.
};

/** Everything the app needs from outside, passed in so a test builds an app with exactly what it needs. */
export type AppDeps = {
  config: AppConfig;
  verifyToken: TokenVerifier;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** The current time; tests move it. */
  now: () => Date;
  data: AppData;
  providers: AppProviders;
  /** Present only when local providers are on: the mail outbox page reads it. */
  localOutbox?: LocalOutbox;
};

export type AppEnv = { Variables: Partial<AuthVariables> };
