import { handle } from 'hono/aws-lambda';
import { createApp } from './app';
import { createAppDeps } from './app-deps';
import { loadConfig } from './config/env';
import { withVendorSecrets } from './config/vendor-secrets';
import { providerReport } from './config/provider-requirements';
import { createLogger } from './logging/logger';

// Built once per Lambda instance, outside the handler, so warm invocations reuse clients, the JWKS cache and
// the vendor keys read from Secrets Manager.
const logger = createLogger();
const config = loadConfig(await withVendorSecrets(process.env, undefined, logger));
// One line per cold start saying which providers are real and what each of the others lacks.
logger.info('Providers at cold start', { app_env: config.appEnv, ...providerReport(config) });
const app = createApp(createAppDeps(config, { logger }));

export const handler = handle(app);
