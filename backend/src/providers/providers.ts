import type { MessagingRegistrationProvider } from './messaging-registration/port';
import type { CalendarProviders } from './calendar/port';
import type { EmailSender } from './email/port';
import type { IdentityAdmin } from './identity/port';
import type { LlmProvider } from './llm/port';
import type { PaymentsProvider } from './payments/port';
import type { PlacesProvider } from './places/port';
import type { SpeechProvider } from './speech/port';
import type { TelephonyProvider } from './telephony/port';

/**
 * External services, each a port with a real SDK adapter beside it and a local stand-in in
 * backend/src/local/; a capability takes the few it needs (`Pick<Providers, 'email'>`).
 */
export type Providers = {
  email: EmailSender;
  payments: PaymentsProvider;
  calendar: CalendarProviders;
  llm: LlmProvider;
  speech: SpeechProvider;
  places: PlacesProvider;
  telephony: TelephonyProvider;
  /** The identity service's admin side (sign out everywhere, delete user): account deletion. */
  identity: IdentityAdmin;
  /** A2P 10DLC registration: Twilio's Trust Hub and Messaging APIs (docs/decisions/169). */
  messagingRegistration: MessagingRegistrationProvider;
};
