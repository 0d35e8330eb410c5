import type { AppDeps } from '../app-types';
import type { AppBase } from '../app-core';
import { phoneNumberRoutes } from '../../capabilities/phone-numbers/routes';
import { receptionistSmsAssistant } from '../../capabilities/sms/routes';
import { smsWebhookRoutes } from '../../capabilities/sms/routes';
import { countTwilioWebhookFailures } from '../../providers/telephony/twilio-request';
import { voiceWebhookRoutes } from '../../capabilities/voice/routes';

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
