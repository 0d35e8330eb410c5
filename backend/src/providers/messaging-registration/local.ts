import { createHash } from 'node:crypto';
import { failureFrom } from '../../messaging-registration/registry-fields';
import { RegistrationRejectedError, type MessagingRegistrationProvider } from './port';

/** The EIN the local registry refuses at once, as the real one refuses an EIN that does not match the name. */
export const LOCAL_REJECTED_EIN = '999999999';

/** Twilio-shaped sids ('BU'/'BN'/'MG'/'QE' + 32 hex), one per owner and submission. */
const sid = (prefix: string, ...parts: string[]) =>
  `${prefix}${createHash('sha256').update(parts.join('#')).digest('hex').slice(0, 32)}`;

/**
 * The local stand-in of Twilio's A2P registration: it accepts a submission as Trust Hub and the Messaging
 * API do (and refuses LOCAL_REJECTED_EIN the way the registry refuses a mismatched EIN), returns
 * Twilio-shaped sids, and leaves every later state to the local control (routes/messaging-registration/
 * local-a2p-routes.ts), which delivers Twilio's signed status callbacks to our own callback route.
 */
export function createLocalMessagingRegistration(
  now: () => Date = () => new Date(),
): MessagingRegistrationProvider & { verificationTextsSent: string[] } {
  const verificationTextsSent: string[] = [];
  return {
    name: 'local',
    verificationTextsSent,

    async submitBrand({ ownerId, details }) {
      if (details.ein === LOCAL_REJECTED_EIN) {
        throw new RegistrationRejectedError(
          failureFrom('The EIN does not match the legal name in the IRS records.', ['ein']),
        );
      }
      const at = now().toISOString();
      return {
        customerProfileSid: sid('BU', ownerId, 'profile', at),
        trustProductSid: sid('BU', ownerId, 'bundle', at),
        brandSid: sid('BN', ownerId, at),
      };
    },

    async submitCampaign({ ownerId, refs }) {
      return {
        ...refs,
        messagingServiceSid: refs.messagingServiceSid ?? sid('MG', ownerId),
        campaignSid: sid('QE', ownerId, refs.brandSid ?? '', now().toISOString()),
      };
    },

    async resendVerification(refs) {
      if (refs.brandSid) verificationTextsSent.push(refs.brandSid);
    },
  };
}
