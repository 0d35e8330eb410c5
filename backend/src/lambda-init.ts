import { createAppDeps } from './app-deps';
import { loadConfig } from './config/env';
import { providerReport } from './config/provider-requirements';
import { withStartupSecrets } from './config/vendor-secrets';
import { createLogger } from './logging/logger';

/**
 * What every Lambda entry builds once per instance, outside its handler, so warm invocations reuse the
 * clients, the JWKS cache and the vendor keys read from Secrets Manager.
 */
export async function initLambda(options: { httpApi?: boolean } = {}) {
  const logger = createLogger();
  // The HTTP functions (behind CloudFront) also need the origin-verify token; the others never see it.
  const config = loadConfig(
    await withStartupSecrets(process.env, { httpApi: options.httpApi ?? false, logger }),
  );
  // One line per cold start saying which providers are real and what each of the others lacks.
  logger.info('Providers at cold start', { app_env: config.appEnv, ...providerReport(config) });
  return { logger, config, deps: createAppDeps(config, { logger }) };
}
