import type { AppDeps } from '../app-types';
import type { AppBase } from '../app-core';
import { preloadTwimlBuilders } from '../../providers/telephony/twiml-on-demand';
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
