import type { AppDeps } from '../app-types';
import type { AppBase } from '../app-core';
import { preloadTwimlBuilders } from '../providers/telephony/twiml-on-demand';
import { phoneNumberRoutes } from '../routes/phone-numbers/phone-number-routes';
import { receptionistSmsAssistant } from '../routes/twilio-webhooks/receptionist-sms-assistant';
import { smsWebhookRoutes } from '../routes/twilio-webhooks/sms-webhook-routes';
import { countTwilioWebhookFailures } from '../routes/twilio-webhooks/twilio-request';
import { voiceWebhookRoutes } from '../routes/twilio-webhooks/voice-webhook-routes';

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
  app.route('/', smsWebhookRoutes(deps, receptionistSmsAssistant(deps.receptionist, deps.logger)));
  app.route('/', voiceWebhookRoutes(deps));
}
