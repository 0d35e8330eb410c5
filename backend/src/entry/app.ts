import type { AppDeps } from './app-types';
import { createAppCore } from './app-core';
import { mountApiRoutes } from './surfaces/api-routes';
import { mountTelephonyRoutes } from './surfaces/telephony-routes';

export { OPENAPI_PATH } from './app-core';

/**
 * Which routes an app serves: 'all' on Node (the local server, the tests); in AWS the API function serves
 * 'api' and the telephony function 'telephony', so only the latter loads what numbers and Twilio's
 * webhooks need (docs/decisions/002-infrastructure.md).
 */
export type AppSurface = 'all' | 'api' | 'telephony';

/**
 * Builds the one Hono app that runs in Lambda and on Node alike. The Lambda entries build theirs from the
 * same parts (createAppCore and their surface's routes) without importing this module, which would bundle
 * every surface and the local providers' pages into each function.
 */
export function createApp(deps: AppDeps, surface: AppSurface = 'all') {
  return createAppCore(deps, (app) => {
    // In AWS the telephony function serves these paths (API Gateway routes them there, TELEPHONY_HTTP_ROUTES)
    // and the API function everything else; locally and in tests one app serves both.
    if (surface !== 'telephony') mountApiRoutes(app, deps);
    if (surface !== 'api') mountTelephonyRoutes(app, deps);
    // Only an app a local entry point built has stand-ins, and only they have pages of their own.
    deps.standIns?.mountRoutes(app, deps);
  });
}
export type App = ReturnType<typeof createApp>;
