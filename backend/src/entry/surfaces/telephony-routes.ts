import type { AppDeps } from '../app-types';
import type { AppBase } from '../app-core';
import { phoneNumberRoutes } from '../../capabilities/phone-numbers/phone-number-routes';
import { receptionistSmsAssistant } from '../../capabilities/sms/receptionist-sms-assistant';
import { smsWebhookRoutes } from '../../capabilities/sms/sms-webhook-routes';
import { countTwilioWebhookFailures } from '../../providers/telephony/twilio-request';
import { voiceWebhookRoutes } from '../../capabilities/voice/voice-webhook-routes';

/**
 * The telephony function's routes (TELEPHONY_HTTP_ROUTES): phone numbers and Twilio's webhooks. In AWS API
 * Gateway sends these paths to telephony-lambda.ts and everything else to lambda.ts.
 */
export function mountTelephonyRoutes(app: AppBase, deps: AppDeps) {
  app.use('/webhooks/twilio/*', countTwilioWebhookFailures(deps.metrics));
  app.route('/', phoneNumberRoutes(deps));
  app.route('/', smsWebhookRoutes(deps, receptionistSmsAssistant(deps.receptionist, deps.logger)));
  app.route('/', voiceWebhookRoutes(deps));
}
