import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { loadConfig } from '../platform/config/env';
import { withStartupSecrets } from '../platform/config/vendor-secrets';
import { createLogger, type Logger } from '../platform/logging/logger';
import type { Metrics } from '../platform/observability/metrics';

export type LambdaInitOptions = {
  httpApi?: boolean;
  env?: Record<string, string | undefined>;
  secretsClient?: SecretsManagerClient;
  logger?: Logger;
  metrics?: Metrics;
};

/**
 * A Lambda entry's configuration (with the vendor keys read from Secrets Manager) and logger, before any
 * dependency is built: apart from lambda-init.ts so an entry that composes fewer dependencies than the
 * whole app (the telephony function's call webhooks) does not load that wiring.
 */
export async function loadLambdaConfig(options: LambdaInitOptions = {}) {
  const logger = options.logger ?? createLogger();
  // The HTTP functions (behind CloudFront) also need the origin-verify token; the others never see it.
  const config = loadConfig(
    await withStartupSecrets(options.env ?? process.env, {
      httpApi: options.httpApi ?? false,
      logger,
      ...(options.secretsClient ? { client: options.secretsClient } : {}),
    }),
  );
  return { logger, config };
}
