import type { AppConfig } from './config/env';
import type { TokenVerifier } from './auth/token-verifier';
import type { RateLimiter } from './dynamo/rate-limits';
import type { Logger } from './logging/logger';
import type { Metrics } from './observability/metrics';

/** What every capability may take from the platform; each capability adds the repositories and providers it needs. */
export type PlatformDeps = {
  config: AppConfig;
  /** Signature, claims and session revocation (auth/revocation-check.ts). */
  verifyToken: TokenVerifier;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** Business metrics (EMF): calls answered, bookings, deposits, webhook failures (observability/metrics.ts). */
  metrics: Metrics;
  /** The current time; tests move it. */
  now: () => Date;
};
