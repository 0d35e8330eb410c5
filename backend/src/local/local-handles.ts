import type { LocalOutbox } from './ses/local-outbox';
import type { LocalPaymentsProvider } from './stripe/local-payments';
import type { LocalTwilioAccount } from './twilio/local-account';
import type { LocalRecordings } from './twilio/local-recordings';

/** The stand-ins whose own pages and loops the local routes drive (mount-local-routes.ts). */
export type LocalHandles = {
  outbox?: LocalOutbox;
  twilioAccount?: LocalTwilioAccount;
  payments?: LocalPaymentsProvider;
  /** The local phone's call recordings (WAV files), present with the local phone. */
  recordings?: LocalRecordings;
};
