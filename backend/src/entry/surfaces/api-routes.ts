import type { AppDeps } from '../app-types';
import type { AppBase } from '../app-core';
import { referralRoutes } from '../../capabilities/referrals/referral-routes';
import { frontendLogRoutes } from '../../capabilities/frontend-logs/frontend-logs-routes';
import { configRoutes } from '../../capabilities/setup/config-routes';
import { analyticsRoutes } from '../../capabilities/overview/analytics-routes';
import { setupStatusRoutes } from '../../capabilities/setup/setup-status-routes';
import { assistantSettingsRoutes } from '../../capabilities/setup/assistant-settings-routes';
import { behaviorRoutes } from '../../capabilities/setup/behavior-routes';
import { objectivesRoutes } from '../../capabilities/setup/objectives-routes';
import { objectiveTemplatesRoutes } from '../../capabilities/setup/objective-templates-routes';
import { businessLookupRoutes } from '../../capabilities/setup/business-lookup-routes';
import { generationRoutes } from '../../capabilities/setup/generation-routes';
import { voiceRoutes } from '../../capabilities/voices/voice-routes';
import { sampleCallRoutes } from '../../capabilities/voices/sample-call-routes';
import { subscriptionRoutes } from '../../capabilities/billing/subscription-routes';
import { waitlistRoutes } from '../../capabilities/billing/waitlist-routes';
import { stripeWebhookRoutes } from '../../capabilities/billing/stripe-webhook-routes';
import { connectWebhookRoutes } from '../../capabilities/payouts/connect-webhook-routes';
import { calendlyWebhookRoutes } from '../../capabilities/calendars/calendly-webhook-routes';
import { getPaidRoutes } from '../../capabilities/payouts/get-paid-routes';
import { calendarRoutes } from '../../capabilities/calendars/calendar-routes';
import { calendarFeedRoutes } from '../../capabilities/calendars/calendar-feed-routes';
import { testChatRoutes } from '../../capabilities/receptionist/test-chat/test-chat-routes';
import { receptionistTestChat } from '../../capabilities/receptionist/test-chat/receptionist-test-chat';
import { appointmentRoutes } from '../../capabilities/appointments/appointment-routes';
import { callLogRoutes } from '../../capabilities/conversations/call-log-routes';
import { overviewRoutes } from '../../capabilities/overview/overview-routes';
import { privacyRoutes } from '../../capabilities/conversations/privacy-routes';
import { appointmentsBook } from '../../capabilities/appointments/appointments-book';
import { depositPages } from '../../capabilities/payouts/deposit-pages';
import { signOutRoutes } from '../../capabilities/account/sign-out-routes';
import { accountRoutes } from '../../capabilities/account/account-routes';
import { notificationRoutes } from '../../capabilities/notifications/notification-routes';
import { unsubscribePages } from '../../capabilities/notifications/unsubscribe-pages';

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
        return phone && /^\+1\d{10}$/.test(phone) ? phone : undefined;
      }),
    ),
  );
  app.route('/', depositPages());
}
