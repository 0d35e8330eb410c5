import { requestIdMiddleware } from './http/request-id';
import { OpenAPIHono } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './app-types';
import { createErrorHandler, notFoundHandler, validationHook } from './errors/error-handler';
import { healthRoutes } from './routes/health/health-routes';
import { referralRoutes } from './routes/referrals/referral-routes';
import { frontendLogRoutes } from './routes/frontend-logs/frontend-logs-routes';
import { configRoutes } from './routes/config/config-routes';
import { analyticsRoutes } from './routes/analytics/analytics-routes';
import { setupStatusRoutes } from './routes/setup-config/setup-status-routes';
import { assistantSettingsRoutes } from './routes/assistant-settings/assistant-settings-routes';
import { behaviorRoutes } from './routes/behavior/behavior-routes';
import { objectivesRoutes } from './routes/objectives/objectives-routes';
import { objectiveTemplatesRoutes } from './routes/objectives/objective-templates-routes';
import { localOutboxRoutes } from './routes/local-outbox/local-outbox-routes';
import { businessLookupRoutes } from './routes/business-lookup/business-lookup-routes';
import { generationRoutes } from './routes/generation/generation-routes';
import { voiceRoutes } from './routes/voices/voice-routes';
import { sampleCallRoutes } from './routes/sample-call/sample-call-routes';
import { subscriptionRoutes } from './routes/subscription/subscription-routes';
import { waitlistRoutes } from './routes/subscription/waitlist-routes';
import { stripeWebhookRoutes } from './routes/subscription/stripe-webhook-routes';
import { connectWebhookRoutes } from './routes/get-paid/connect-webhook-routes';
import { calendlyWebhookRoutes } from './routes/calendar/calendly-webhook-routes';
import { getPaidRoutes } from './routes/get-paid/get-paid-routes';
import { localPaymentsRoutes } from './routes/local-payments/local-payments-routes';
import { isLocalPaymentsProvider } from './providers/payments/factory';
import { calendarRoutes } from './routes/calendar/calendar-routes';
import { calendarFeedRoutes } from './routes/calendar/calendar-feed-routes';
import { popupPageHeaders } from './routes/calendar/popup-headers';
import { phoneNumberRoutes } from './routes/phone-numbers/phone-number-routes';
import { noStoreForAuthenticated, rejectUnstorableInput, requestBodyLimit } from './http/request-guards';
import { htmlContentSecurityPolicy } from './http/page-security';
import { requireOriginVerify } from './http/origin-verify';
import { smsWebhookRoutes } from './routes/twilio-webhooks/sms-webhook-routes';
import { countTwilioWebhookFailures } from './routes/twilio-webhooks/twilio-request';
import { receptionistSmsAssistant } from './routes/twilio-webhooks/receptionist-sms-assistant';
import { testChatRoutes } from './routes/test-chat/test-chat-routes';
import { receptionistTestChat } from './routes/test-chat/receptionist-test-chat';
import { localPhoneRoutes } from './routes/local-phone/local-phone-routes';
import { appointmentRoutes } from './routes/appointments/appointment-routes';
import { callLogRoutes } from './routes/call-log/call-log-routes';
import { overviewRoutes } from './routes/overview/overview-routes';
import { privacyRoutes } from './routes/privacy/privacy-routes';
import { appointmentsBook } from './routes/appointments/appointments-book';
import { depositPages } from './routes/deposits/deposit-pages';
import { voiceWebhookRoutes } from './routes/twilio-webhooks/voice-webhook-routes';
import { signOutRoutes } from './routes/session/sign-out-routes';
import { accountRoutes } from './routes/account/account-routes';
import { notificationRoutes } from './routes/notifications/notification-routes';
import { unsubscribePages } from './routes/notifications/unsubscribe-pages';
import { localNotificationRoutes } from './routes/notifications/local-notification-routes';

export const OPENAPI_PATH = '/openapi.json';

/**
 * Which routes an app serves: 'all' on Node (the local server, the tests); in AWS the API function serves
 * 'api' and the telephony function 'telephony', so only the latter loads what numbers and Twilio's
 * webhooks need (docs/decisions/002-infrastructure.md).
 */
export type AppSurface = 'all' | 'api' | 'telephony';

/** Builds the one Hono app that runs in Lambda and on Node alike. */
export function createApp(deps: AppDeps, surface: AppSurface = 'all') {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(createErrorHandler(deps.logger));
  app.notFound(notFoundHandler);
  // First, so every later middleware's and route's log lines carry the request id.
  app.use('*', requestIdMiddleware);
  // Before anything else runs: in AWS only CloudFront (and its WAF) may call the API.
  app.use('*', requireOriginVerify(deps.config.originVerifyToken));
  // Before secureHeaders so it runs after it: the OAuth popup pages need their opener (popup-headers.ts).
  app.use('*', popupPageHeaders);
  app.use('*', secureHeaders());
  app.use('*', noStoreForAuthenticated);
  app.use('*', htmlContentSecurityPolicy(deps.config.allowedOrigins));
  app.use('*', requestBodyLimit);
  app.use(
    '*',
    cors({
      origin: deps.config.allowedOrigins,
      allowHeaders: ['Authorization', 'Content-Type'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      maxAge: 600,
    }),
  );
  // After CORS, so the browser can read the 400.
  app.use('*', rejectUnstorableInput);

  app.route('/', healthRoutes(deps));
  // In AWS the telephony function serves these paths (API Gateway routes them there, TELEPHONY_HTTP_ROUTES)
  // and the API function everything else; locally and in tests one app serves both.
  if (surface !== 'telephony') mountApiRoutes(app, deps);
  if (surface !== 'api') {
    app.use('/webhooks/twilio/*', countTwilioWebhookFailures(deps.metrics));
    app.route('/', phoneNumberRoutes(deps));
    app.route('/', smsWebhookRoutes(deps, receptionistSmsAssistant(deps.receptionist, deps.logger)));
    app.route('/', voiceWebhookRoutes(deps));
  }

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
  if (deps.config.localProviders && deps.providers.calendar.localServer) {
    deps.providers.calendar.useLocalDispatch(async (request) => app.fetch(request));
    app.route('/', deps.providers.calendar.localServer);
  }

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  app.doc31(OPENAPI_PATH, { openapi: '3.1.0', info: { title: 'Ringly API', version: '0.1.0' } });
  return app;
}
export type App = ReturnType<typeof createApp>;

/** The owner-facing API: everything except phone numbers and Twilio's webhooks. */
function mountApiRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  app.route('/', frontendLogRoutes(deps));
  app.route('/', configRoutes(deps));
  app.route('/', signOutRoutes(deps));
  app.route('/', accountRoutes(deps));
  // Each feature mounts its routes on its own line below this one.
  app.route('/', referralRoutes(deps));
  app.route('/', analyticsRoutes(deps));
  app.route('/', businessLookupRoutes(deps));
  app.route('/', generationRoutes(deps));
  app.route('/', voiceRoutes(deps));
  app.route('/', sampleCallRoutes(deps));
  app.route('/', subscriptionRoutes(deps));
  app.route('/', waitlistRoutes(deps));
  app.route('/', stripeWebhookRoutes(deps));
  app.route('/', connectWebhookRoutes(deps));
  app.route('/', calendlyWebhookRoutes(deps));
  app.route('/', getPaidRoutes(deps));
  app.route('/', setupStatusRoutes(deps));
  app.route('/', assistantSettingsRoutes(deps));
  app.route('/', behaviorRoutes(deps));
  app.route('/', objectivesRoutes(deps));
  app.route('/', objectiveTemplatesRoutes(deps));
  app.route('/', calendarRoutes(deps));
  app.route('/', calendarFeedRoutes(deps));
  app.route('/', callLogRoutes(deps));
  app.route('/', overviewRoutes(deps));
  app.route('/', privacyRoutes(deps));
  app.route('/', notificationRoutes(deps));
  app.route('/', unsubscribePages(deps));
  app.route(
    '/',
    appointmentRoutes(
      deps,
      appointmentsBook({
        data: deps.data,
        receptionist: deps.receptionist,
        telephony: deps.providers.telephony,
        calendar: deps.ownerCalendar,
        logger: deps.logger,
      }),
    ),
  );
  app.route(
    '/',
    testChatRoutes(
      deps,
      receptionistTestChat(deps.receptionist, async (ownerId) => {
        const phone = (await deps.data.businessConfigs.getConfig(ownerId))?.phone_number;
        return phone && /^\+1\d{10}$/.test(phone) ? phone : undefined;
      }),
    ),
  );
  app.route('/', depositPages());
}
