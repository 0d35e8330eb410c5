import { handle } from 'hono/aws-lambda';
import { createAppCore } from '../app-core';
import type { VoiceDeps } from '../../capabilities/voice/index';
import type { RecordingsDeps } from '../../capabilities/recordings/index';
import { mountCallRoutes } from './call-routes';

/**
 * The telephony function's app of a call's webhooks (status callbacks, the relay's end, transfers, the
 * recording's callback, and the incoming call in the shapes the direct path does not read), behind Hono's
 * Lambda adapter. Imported on the first such event, not at init: a cold first ring is answered by
 * incoming-call-direct.ts and never builds Hono, the OpenAPI helpers or these routes' forms
 * (docs/decisions/186-cold-start.md, session 40).
 */
export const callWebhooksHandler = (deps: VoiceDeps & RecordingsDeps & Parameters<typeof createAppCore>[0]) =>
  handle(createAppCore(deps, (app) => mountCallRoutes(app, deps)));
