import type { AppDeps } from '../app-types';
import { a2pStatusWebhookRoutes } from '../../capabilities/messaging-registration/routes';
import { gatedSmsAssistant } from '../../capabilities/messaging-registration/index';
import type { AppBase } from '../../platform/http/app-env';
import { phoneNumberRoutes } from '../../capabilities/phone-numbers/routes';
import { receptionistSmsAssistant, smsWebhookRoutes } from '../../capabilities/sms/routes';
import { voiceWebhookRoutes } from '../../capabilities/voice/routes';
import { recordingWebhookRoutes } from '../../capabilities/recordings/routes';
import { mountTwilioWebhookGuards } from './call-routes';

/**
 * The telephony function's routes (TELEPHONY_HTTP_ROUTES): phone numbers and Twilio's webhooks. In AWS API
 * Gateway sends these paths to telephony-lambda.ts and everything else to lambda.ts. There this module is
 * loaded on the first request that is not a call's webhook (call-routes.ts serves those from cold start).
 */
export function mountTelephonyRoutes(app: AppBase, deps: AppDeps) {
  mountTwilioWebhookGuards(app, deps);
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
