import type { AppDeps } from '../app-types';
import type { AppBase } from '../app-core';
import { isLocalPaymentsProvider } from '../providers/payments/factory';
import { localOutboxRoutes } from '../routes/local-outbox/local-outbox-routes';
import { localNotificationRoutes } from '../routes/notifications/local-notification-routes';
import { localPaymentsRoutes } from '../routes/local-payments/local-payments-routes';
import { localPhoneRoutes } from '../routes/local-phone/local-phone-routes';
import { localA2pRoutes } from '../routes/messaging-registration/local-a2p-routes';

/**
 * The local providers' own pages (outbox, fake checkout, phone, consent screens): mounted only when the
 * local providers are on, which they never are in AWS, so no Lambda entry imports this module.
 */
export function mountLocalProviderRoutes(app: AppBase, deps: AppDeps) {
  // Local providers' own pages (outbox, fake checkout, consent screens) exist only when they are on.
  if (deps.localOutbox) app.route('/', localOutboxRoutes(deps.localOutbox));
  if (deps.config.localProviders) app.route('/', localNotificationRoutes(deps));
  const payments = deps.providers.payments;
  const { webhookSecret, connectWebhookSecret } = deps.config.stripe;
  if (
    deps.config.localProviders &&
    isLocalPaymentsProvider(payments) &&
    webhookSecret &&
    connectWebhookSecret
  ) {
    const options = {
      provider: payments,
      webhookSecret,
      connectWebhookSecret,
      now: deps.now,
      logger: deps.logger,
    };
    app.route('/', localPaymentsRoutes({ ...options, dispatch: async (request) => app.fetch(request) }));
  }
  const twilioToken = deps.config.twilioWebhookAuthToken;
  if (deps.config.localProviders && deps.localTwilioAccount && twilioToken) {
    app.route(
      '/',
      localPhoneRoutes({
        account: deps.localTwilioAccount,
        data: deps.data,
        authToken: twilioToken,
        logger: deps.logger,
        now: deps.now,
        dispatch: async (request) => app.fetch(request),
      }),
    );
  }
  // The local registry's control: only while registration runs on the local stand-in (decision 169).
  if (deps.config.localProviders && deps.providers.messagingRegistration.name === 'local' && twilioToken) {
    app.route(
      '/',
      localA2pRoutes({
        repository: deps.data.messagingRegistrations,
        authToken: twilioToken,
        publicApiUrl: deps.config.publicApiUrl,
        now: deps.now,
        dispatch: async (request) => app.fetch(request),
      }),
    );
  }
  if (deps.config.localProviders && deps.providers.calendar.localServer) {
    deps.providers.calendar.useLocalDispatch(async (request) => app.fetch(request));
    app.route('/', deps.providers.calendar.localServer);
  }
}
