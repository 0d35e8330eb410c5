import type { AppDeps } from '../app-types';
import type { AppBase } from '../../platform/http/app-env';
import { preloadTwimlBuilders } from '../../providers/telephony/twiml-on-demand';
import { countTwilioWebhookFailures } from '../../providers/telephony/twilio-request';
import { voiceWebhookRoutes } from '../../capabilities/voice/routes';
import type { VoiceDeps } from '../../capabilities/voice/index';
import { recordingWebhookRoutes, type RecordingsDeps } from '../../capabilities/recordings/index';

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
