import { createAppDeps } from './app-deps';
import { loadLambdaConfig, type LambdaInitOptions } from './lambda-config';
import { reportColdStart } from '../platform/config/cold-start-report';

/**
 * What every Lambda entry builds once per instance, outside its handler, so warm invocations reuse the
 * clients, the JWKS cache and the vendor keys read from Secrets Manager. The environment, the secrets
 * client, the logger and the metrics are the process's own unless a test passes its own.
 */
export async function initLambda(options: LambdaInitOptions = {}) {
  const { logger, config } = await loadLambdaConfig(options);
  const deps = createAppDeps(config, { logger, ...(options.metrics ? { metrics: options.metrics } : {}) });
  // Which providers are real, what the others lack, and (in AWS) an error and a metric per outage.
  reportColdStart(config, deps);
  return { logger, config, deps };
}
