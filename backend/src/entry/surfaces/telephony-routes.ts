import type { AppDeps } from '../app-types';
import { a2pStatusWebhookRoutes } from '../../capabilities/messaging-registration/routes';
import { gatedSmsAssistant } from '../../capabilities/messaging-registration/index';
import type { AppBase } from '../../platform/http/app-env';
import { preloadTwimlBuilders } from '../../providers/telephony/twiml-on-demand';
import { phoneNumberRoutes } from '../../capabilities/phone-numbers/routes';
import { receptionistSmsAssistant, smsWebhookRoutes } from '../../capabilities/sms/routes';
import { countTwilioWebhookFailures } from '../../providers/telephony/twilio-request';
import { voiceWebhookRoutes } from '../../capabilities/voice/routes';
import { recordingWebhookRoutes } from '../../capabilities/recordings/routes';

/**
 * The telephony function's routes (TELEPHONY_HTTP_ROUTES): phone numbers and Twilio's webhooks. In AWS API
 * Gateway sends these paths to telephony-lambda.ts and everything else to lambda.ts.
 */
export function mountTelephonyRoutes(app: AppBase, deps: AppDeps) {
  app.use('/webhooks/twilio/*', countTwilioWebhookFailures(deps.metrics));
  // Every Twilio webhook answers TwiML: the builders start loading as the request arrives and are read and
  // compiled while it waits on DynamoDB, not before it (docs/decisions/167-twiml-builders.md).
  app.use('/webhooks/twilio/*', async (_c, next) => {
    preloadTwimlBuilders();
    await next();
  });
  app.route('/', phoneNumberRoutes(deps));
  // Texts the carriers would block (no approved A2P campaign) never reach the assistant (decision 169).
  const assistant = gatedSmsAssistant(receptionistSmsAssistant(deps.receptionist, deps.logger), {
    gate: deps.textingGate,
    data: deps.data,
    logger: deps.logger,
  });
  app.route('/', smsWebhookRoutes(deps, assistant));
  app.route('/', voiceWebhookRoutes(deps));
  app.route('/', recordingWebhookRoutes(deps));
  app.route('/', a2pStatusWebhookRoutes(deps, deps.messagingRegistrations));
}
