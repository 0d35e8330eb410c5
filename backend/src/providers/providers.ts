import type { MessagingRegistrationProvider } from './messaging-registration/port';
import type { CalendarProviders } from './calendar/port';
import type { EmailSender } from './email/port';
import type { IdentityAdmin } from './identity/port';
import type { LlmProvider } from './llm/port';
import type { PaymentsProvider } from './payments/port';
import type { PlacesProvider } from './places/port';
import type { SpeechProvider } from './speech/port';
import type { TelephonyProvider } from './telephony/port';
import type { CallRecordingsProvider } from './call-recordings/port';
import { chooseCallRecordings } from './call-recordings/choose';
import type { AppConfig } from '../platform/config/env';
import type { Logger } from '../platform/logging/logger';
import { missingKeys, type ProviderName } from '../platform/config/provider-requirements';
import { notConfiguredProvider } from '../platform/config/not-configured';
import type { CalendarStandIn } from './calendar/port';
import { createCalendarProviders } from './calendar/choose';
import { chooseEmailSender } from './email/choose';
import { failClosed } from './fail-closed';
import { createIdentityAdmin } from './identity/choose';
import { chooseLlmProvider } from './llm/choose';
import { chooseMessagingRegistrationProvider } from './messaging-registration/choose';
import { choosePaymentsProvider } from './payments/choose';
import { paymentsNotConfigured } from './payments/port';
import { choosePlacesProvider } from './places/choose';
import { chooseSpeechProvider } from './speech/choose';
import { chooseTelephonyProvider } from './telephony/choose';

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
  /** Call recordings' audio at the telephony provider (docs/decisions/184-call-recordings.md). */
  callRecordings: CallRecordingsProvider;
};

/**
 * The local stand-ins of the providers, typed by their ports only: production code never names a stand-in
 * (docs/decisions/171-backend-by-capability.md). Entries a mode does not run are absent.
 */
export type ProviderStandIns = {
  email?: EmailSender;
  payments?: PaymentsProvider;
  calendar?: CalendarStandIn;
  llm: LlmProvider;
  speech: SpeechProvider;
  places: PlacesProvider;
  telephony: TelephonyProvider;
  messagingRegistration: MessagingRegistrationProvider;
  /** The local phone's recordings (WAV files of its calls); absent without the local phone. */
  callRecordings?: CallRecordingsProvider;
};

/**
 * Each provider: the vendor when its keys are set, else the local stand-in when a local entry point handed
 * one in, else a provider that refuses (503) and names the missing keys. In AWS a vendor without all its
 * keys refuses too, instead of falling back to anything (docs/decisions/160-fail-closed.md).
 */
export function createProviders(
  config: AppConfig,
  { logger, now }: { logger: Logger; now: () => Date },
  local?: ProviderStandIns,
): Providers {
  const real = failClosed(config, logger);
  const chosen = <T extends object>(provider: ProviderName, vendorOrStandIn: T | undefined): T =>
    vendorOrStandIn ?? notConfiguredProvider<T>(provider, missingKeys(config, provider), logger);
  return {
    // In AWS e-mail needs its sender and TOKEN_ENCRYPTION_KEY (docs/decisions/160-fail-closed.md).
    email: real('email', () => chooseEmailSender(config.ses, local?.email)),
    payments: real(
      'payments',
      () => choosePaymentsProvider(config, local?.payments) ?? paymentsNotConfigured,
    ),
    calendar: createCalendarProviders(config, now, local?.calendar),
    llm: real('llm', () => chosen('llm', chooseLlmProvider(config.openai, local?.llm))),
    // In AWS only OpenAI speaks: the asset ships no espeak-ng, so a stored local voice gets a clear 503.
    speech: real('speech', () => chosen('speech', chooseSpeechProvider(config.openai, local?.speech))),
    places: real('places', () => chosen('places', choosePlacesProvider(config.googlePlaces, local?.places))),
    telephony: real('telephony', () =>
      chosen('telephony', chooseTelephonyProvider(config.twilio, local?.telephony)),
    ),
    identity: createIdentityAdmin(config),
    // Twilio's keys, like telephony: in AWS without them registration answers 503 naming them.
    messagingRegistration: real('telephony', () =>
      chosen('telephony', chooseMessagingRegistrationProvider(config.twilio, local?.messagingRegistration)),
    ),
    // Twilio's keys, like telephony: deployed without them a recording is a clear 503, never a local file.
    callRecordings: real('telephony', () =>
      chosen('telephony', chooseCallRecordings(config.twilio, local?.callRecordings)),
    ),
  };
}
