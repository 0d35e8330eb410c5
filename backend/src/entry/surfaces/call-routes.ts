import type { AppDeps } from '../app-types';
import type { AppBase } from '../../platform/http/app-env';
import { TWILIO_WEBHOOK_PATHS } from '../../platform/http/webhook-paths';
import { preloadTwimlBuilders } from '../../providers/telephony/twiml-on-demand';
import { countTwilioWebhookFailures } from '../../providers/telephony/twilio-request';
import { voiceWebhookRoutes } from '../../capabilities/voice/routes';
import type { VoiceDeps } from '../../capabilities/voice/index';
import { recordingWebhookRoutes, type RecordingsDeps } from '../../capabilities/recordings/index';

/**
 * A call's webhooks: the incoming call a caller waits on, and the callbacks of the same call (status, the
 * relay's end, transfers). Every one is under this prefix, so the telephony function can tell them from
 * its other routes before it loads those (docs/decisions/186-cold-start.md).
 */
export const CALL_WEBHOOK_PREFIX = TWILIO_WEBHOOK_PATHS.voice;

export function isCallWebhookPath(path: string): boolean {
  return path === CALL_WEBHOOK_PREFIX || path.startsWith(`${CALL_WEBHOOK_PREFIX}/`);
}

/** What every Twilio webhook of the telephony function goes through, before its route. */
export function mountTwilioWebhookGuards(app: AppBase, deps: Pick<AppDeps, 'metrics'>) {
  app.use('/webhooks/twilio/*', countTwilioWebhookFailures(deps.metrics));
  // Every Twilio webhook answers TwiML: the builders start loading as the request arrives and are read and
  // compiled while it waits on DynamoDB, not before it (docs/decisions/167-twiml-builders.md).
  app.use('/webhooks/twilio/*', async (_c, next) => {
    preloadTwimlBuilders();
    await next();
  });
}

/** The telephony function's app at cold start: a call's webhooks and nothing else. */
export function mountCallRoutes(app: AppBase, deps: VoiceDeps & RecordingsDeps) {
  mountTwilioWebhookGuards(app, deps);
  app.route('/', voiceWebhookRoutes(deps));
  // The recording's status callback is a call's webhook too (under the prefix): served from cold start.
  app.route('/', recordingWebhookRoutes(deps));
}
