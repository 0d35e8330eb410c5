import type { AppDeps } from '../app-types';
import { toE164Phone } from '@shared/phone/phone-number';
import type { AppBase } from '../app-core';
import { referralRoutes } from '../routes/referrals/referral-routes';
import { frontendLogRoutes } from '../routes/frontend-logs/frontend-logs-routes';
import { configRoutes } from '../routes/config/config-routes';
import { analyticsRoutes } from '../routes/analytics/analytics-routes';
import { setupStatusRoutes } from '../routes/setup-config/setup-status-routes';
import { assistantSettingsRoutes } from '../routes/assistant-settings/assistant-settings-routes';
import { behaviorRoutes } from '../routes/behavior/behavior-routes';
import { objectivesRoutes } from '../routes/objectives/objectives-routes';
import { objectiveTemplatesRoutes } from '../routes/objectives/objective-templates-routes';
import { businessLookupRoutes } from '../routes/business-lookup/business-lookup-routes';
import { generationRoutes } from '../routes/generation/generation-routes';
import { voiceRoutes } from '../routes/voices/voice-routes';
import { sampleCallRoutes } from '../routes/sample-call/sample-call-routes';
import { subscriptionRoutes } from '../routes/subscription/subscription-routes';
import { waitlistRoutes } from '../routes/subscription/waitlist-routes';
import { stripeWebhookRoutes } from '../routes/subscription/stripe-webhook-routes';
import { connectWebhookRoutes } from '../routes/get-paid/connect-webhook-routes';
import { calendlyWebhookRoutes } from '../routes/calendar/calendly-webhook-routes';
import { getPaidRoutes } from '../routes/get-paid/get-paid-routes';
import { calendarRoutes } from '../routes/calendar/calendar-routes';
import { calendarFeedRoutes } from '../routes/calendar/calendar-feed-routes';
import { testChatRoutes } from '../routes/test-chat/test-chat-routes';
import { receptionistTestChat } from '../routes/test-chat/receptionist-test-chat';
import { appointmentRoutes } from '../routes/appointments/appointment-routes';
import { callLogRoutes } from '../routes/call-log/call-log-routes';
import { overviewRoutes } from '../routes/overview/overview-routes';
import { privacyRoutes } from '../routes/privacy/privacy-routes';
import { appointmentsBook } from '../routes/appointments/appointments-book';
import { depositPages } from '../routes/deposits/deposit-pages';
import { signOutRoutes } from '../routes/session/sign-out-routes';
import { accountRoutes } from '../routes/account/account-routes';
import { notificationRoutes } from '../routes/notifications/notification-routes';
import { unsubscribePages } from '../routes/notifications/unsubscribe-pages';

/** The owner-facing API: everything except phone numbers and Twilio's webhooks. */
export function mountApiRoutes(app: AppBase, deps: AppDeps) {
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
        return toE164Phone(phone, 'possible');
      }),
    ),
  );
  app.route('/', depositPages());
}
