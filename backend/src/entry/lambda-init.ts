import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createAppDeps } from './app-deps';
import { reportColdStart } from '../platform/config/cold-start-report';
import { loadConfig } from '../platform/config/env';
import { withStartupSecrets } from '../platform/config/vendor-secrets';
import { createLogger, type Logger } from '../platform/logging/logger';
import type { Metrics } from '../platform/observability/metrics';

/**
 * What every Lambda entry builds once per instance, outside its handler, so warm invocations reuse the
 * clients, the JWKS cache and the vendor keys read from Secrets Manager. The environment, the secrets
 * client, the logger and the metrics are the process's own unless a test passes its own.
 */
export async function initLambda(
  options: {
    httpApi?: boolean;
    env?: Record<string, string | undefined>;
    secretsClient?: SecretsManagerClient;
    logger?: Logger;
    metrics?: Metrics;
  } = {},
) {
  const logger = options.logger ?? createLogger();
  // The HTTP functions (behind CloudFront) also need the origin-verify token; the others never see it.
  const config = loadConfig(
    await withStartupSecrets(options.env ?? process.env, {
      httpApi: options.httpApi ?? false,
      logger,
      ...(options.secretsClient ? { client: options.secretsClient } : {}),
    }),
  );
  const deps = createAppDeps(config, { logger, ...(options.metrics ? { metrics: options.metrics } : {}) });
  // Which providers are real, what the others lack, and (in AWS) an error and a metric per outage.
  reportColdStart(config, deps);
  return { logger, config, deps };
}
