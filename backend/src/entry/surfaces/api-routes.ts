import { toE164Phone } from '@shared/phone/phone-number';
import type { AppDeps } from '../app-types';
import { messagingRegistrationRoutes } from '../../capabilities/messaging-registration/routes';
import type { AppBase } from '../../platform/http/app-env';
import { referralRoutes } from '../../capabilities/referrals/routes';
import { frontendLogRoutes } from '../../capabilities/frontend-logs/routes';
import {
  configRoutes,
  setupStatusRoutes,
  assistantSettingsRoutes,
  behaviorRoutes,
  objectivesRoutes,
  objectiveTemplatesRoutes,
  businessLookupRoutes,
  generationRoutes,
} from '../../capabilities/setup/routes';
import { analyticsRoutes, overviewRoutes } from '../../capabilities/overview/routes';
import { voiceRoutes, sampleCallRoutes } from '../../capabilities/voices/routes';
import { subscriptionRoutes, waitlistRoutes, stripeWebhookRoutes } from '../../capabilities/billing/routes';
import { connectWebhookRoutes, getPaidRoutes, depositPages } from '../../capabilities/payouts/routes';
import {
  calendlyWebhookRoutes,
  calendarRoutes,
  calendarFeedRoutes,
} from '../../capabilities/calendars/routes';
import { testChatRoutes, receptionistTestChat } from '../../capabilities/receptionist/routes';
import { appointmentRoutes, appointmentsBook } from '../../capabilities/appointments/routes';
import { callLogRoutes, privacyRoutes } from '../../capabilities/conversations/routes';
import { signOutRoutes, accountRoutes } from '../../capabilities/account/routes';
import { notificationRoutes, unsubscribePages } from '../../capabilities/notifications/routes';
import { forwardingRoutes } from '../../capabilities/forwarding/routes';
import { reminderRoutes } from '../../capabilities/reminders/routes';
import { callerGatesRoutes } from '../../capabilities/caller-gates/routes';
import { apiKeyRoutes, hookRoutes } from '../../capabilities/automations/routes';
import { knowledgeRoutes } from '../../capabilities/knowledge/routes';
import { calendarModelRoutes, calendarSettingsRoutes } from '../../capabilities/calendar-model/routes';
import { assistantCheckRoutes } from '../../capabilities/assistant-check/routes';
import { webhookRoutes } from '../../capabilities/webhooks/routes';

/** The owner-facing API: everything except phone numbers and Twilio's webhooks. */
export function mountApiRoutes(app: AppBase, deps: AppDeps) {
  app.route('/', frontendLogRoutes(deps));
  app.route('/', configRoutes(deps));
  app.route('/', signOutRoutes(deps));
  app.route('/', accountRoutes(deps));
  // Each feature mounts its routes on its own line below this one.
  app.route('/', referralRoutes(deps));
  app.route('/', messagingRegistrationRoutes(deps, deps.messagingRegistrations));
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
  app.route('/', forwardingRoutes(deps));
  app.route('/', reminderRoutes(deps));
  app.route('/', callerGatesRoutes(deps));
  app.route('/', apiKeyRoutes(deps));
  app.route('/', hookRoutes(deps));
  app.route('/', knowledgeRoutes(deps));
  app.route('/', assistantCheckRoutes(deps));
  app.route('/', webhookRoutes(deps));
  const appointmentsBookOfOwner = appointmentsBook({
    data: deps.data,
    receptionist: deps.receptionist,
    telephony: deps.providers.telephony,
    calendar: deps.ownerCalendar,
    logger: deps.logger,
    webhooks: deps.webhooks,
  });
  app.route('/', appointmentRoutes(deps, appointmentsBookOfOwner));
  // A destructive calendar edit cancels through the Appointments tab's cancel: the callers are texted.
  app.route('/', calendarModelRoutes(deps, appointmentsBookOfOwner));
  app.route('/', calendarSettingsRoutes(deps, appointmentsBookOfOwner));
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
