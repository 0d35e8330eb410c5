import { handle } from 'hono/aws-lambda';
import { createApp } from './app';
import { createAppDeps } from './app-deps';
import { loadConfig } from './config/env';
import { withVendorSecrets } from './config/vendor-secrets';

// Built once per Lambda instance, outside the handler, so warm invocations reuse clients, the JWKS cache and
// the vendor keys read from Secrets Manager.
const app = createApp(createAppDeps(loadConfig(await withVendorSecrets(process.env))));

export const handler = handle(app);
