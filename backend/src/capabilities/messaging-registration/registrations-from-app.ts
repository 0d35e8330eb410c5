import { REGISTRATION_DASHBOARD_PATH } from '@shared/messaging-registration-form';
import { publicAppUrl, publicBaseUrl, type AppConfig } from '../../platform/config/env';
import { signInEmailOf } from '../../providers/identity/port';
import type { Providers } from '../../providers/providers';
import { TWILIO_WEBHOOK_PATHS, telephonyWebhookUrls } from '../../providers/telephony/port';
import type { MessagingRegistrationData } from './deps';
import type { MessagingRegistrationRepository } from './records/messaging-registrations';
import { createMessagingRegistrations, type MessagingRegistrationDeps } from './registration-service';

/** Owners' A2P 10DLC registrations as the app runs them: the vendor, the callbacks and the e-mails. */
export function messagingRegistrationsFromApp(
  app: Pick<MessagingRegistrationDeps, 'rateLimiter' | 'now' | 'logger'> & {
    config: AppConfig;
    data: Pick<MessagingRegistrationData, 'businessConfigs' | 'phoneReservations'> & {
      messagingRegistrations: MessagingRegistrationRepository;
    };
    providers: Pick<Providers, 'messagingRegistration' | 'email' | 'identity'>;
  },
) {
  const { config, data, providers } = app;
  return createMessagingRegistrations({
    repository: data.messagingRegistrations,
    provider: providers.messagingRegistration,
    data,
    rateLimiter: app.rateLimiter,
    email: providers.email,
    signInEmailOf: signInEmailOf(providers.identity),
    urls: {
      statusCallback: `${publicBaseUrl(config)}${TWILIO_WEBHOOK_PATHS.messagingRegistration}`,
      inboundSms: telephonyWebhookUrls(publicBaseUrl(config)).smsUrl,
      // The e-mails link to the Texting tab, where the state and what to change are shown.
      dashboard: `${publicAppUrl(config)}${REGISTRATION_DASHBOARD_PATH}`,
    },
    now: app.now,
    logger: app.logger,
  });
}
