import type { AppDeps } from '../entry/app-types';
import type { AppBase } from '../platform/http/app-env';
import { localOutboxRoutes } from './ses/local-outbox-routes';
import { localNotificationRoutes } from './scheduler/local-notification-routes';
import { localPaymentsRoutes } from './stripe/local-payments-routes';
import { localPhoneRoutes } from './twilio/local-phone-routes';
import type { LocalHandles } from './local-handles';
import { localA2pRoutes } from './twilio/local-a2p-routes';

/**
 * The local providers' own pages (outbox, fake checkout, phone, consent screens): mounted by the one call a
 * local entry point's app makes (deps.standIns.mountRoutes), never in AWS, where no entry builds stand-ins.
 */
export function mountLocalProviderRoutes(app: AppBase, deps: AppDeps, handles: LocalHandles) {
  // Local providers' own pages (outbox, fake checkout, consent screens) exist only when they are on.
  if (handles.outbox) app.route('/', localOutboxRoutes(handles.outbox));
  if (deps.config.localProviders) app.route('/', localNotificationRoutes(deps));
  // Only when the stand-in is the app's payments provider (no Stripe key set).
  const payments = handles.payments;
  const { webhookSecret, connectWebhookSecret } = deps.config.stripe;
  if (
    deps.config.localProviders &&
    payments &&
    deps.providers.payments === payments &&
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
  if (deps.config.localProviders && handles.twilioAccount && twilioToken) {
    app.route(
      '/',
      localPhoneRoutes({
        account: handles.twilioAccount,
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
