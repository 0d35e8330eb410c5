import type { AppDeps } from '../app-types';
import type { AppBase } from '../app-core';
import { phoneNumberRoutes } from '../routes/phone-numbers/phone-number-routes';
import { receptionistSmsAssistant } from '../routes/twilio-webhooks/receptionist-sms-assistant';
import { smsWebhookRoutes } from '../routes/twilio-webhooks/sms-webhook-routes';
import { countTwilioWebhookFailures } from '../routes/twilio-webhooks/twilio-request';
import { voiceWebhookRoutes } from '../routes/twilio-webhooks/voice-webhook-routes';
import { a2pStatusWebhookRoutes } from '../routes/messaging-registration/a2p-status-webhook-routes';
import { gatedSmsAssistant } from '../messaging-registration/unregistered-texts';

/**
 * The telephony function's routes (TELEPHONY_HTTP_ROUTES): phone numbers and Twilio's webhooks. In AWS API
 * Gateway sends these paths to telephony-lambda.ts and everything else to lambda.ts.
 */
export function mountTelephonyRoutes(app: AppBase, deps: AppDeps) {
  app.use('/webhooks/twilio/*', countTwilioWebhookFailures(deps.metrics));
  app.route('/', phoneNumberRoutes(deps));
  // Texts the carriers would block (no approved A2P campaign) never reach the assistant (decision 169).
  const assistant = gatedSmsAssistant(receptionistSmsAssistant(deps.receptionist, deps.logger), {
    gate: deps.textingGate,
    data: deps.data,
    logger: deps.logger,
  });
  app.route('/', smsWebhookRoutes(deps, assistant));
  app.route('/', voiceWebhookRoutes(deps));
  app.route('/', a2pStatusWebhookRoutes(deps, deps.messagingRegistrations));
}
