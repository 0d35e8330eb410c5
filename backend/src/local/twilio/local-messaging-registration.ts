import { createHash } from 'node:crypto';
import { failureFrom } from '../../providers/messaging-registration/registry-fields';
import {
  NumberInOtherServiceError,
  RegistrationProviderError,
  RegistrationRejectedError,
  type MessagingRegistrationProvider,
} from '../../providers/messaging-registration/port';

/** The EIN the local registry refuses at once, as the real one refuses an EIN that does not match the name. */
export const LOCAL_REJECTED_EIN = '999999999';

/** Twilio-shaped sids ('BU'/'BN'/'MG'/'QE' + 32 hex), one per owner and submission. */
const sid = (prefix: string, ...parts: string[]) =>
  `${prefix}${createHash('sha256').update(parts.join('#')).digest('hex').slice(0, 32)}`;

/** The stand-in's messaging services (MG sid → the PN sids in it) and what it can be told besides the port. */
export type LocalMessagingRegistration = MessagingRegistrationProvider & {
  verificationTextsSent: string[];
  services: Map<string, Set<string>>;
  /** A released number leaves its messaging service, as at Twilio (wired to the local telephony's release). */
  numberReleased(sid: string): void;
};

/**
 * The local stand-in of Twilio's A2P registration: it accepts a submission as Trust Hub and the Messaging
 * API do (and refuses LOCAL_REJECTED_EIN the way the registry refuses a mismatched EIN), returns
 * Twilio-shaped sids, and leaves every later state to the local control (routes/messaging-registration/
 * local-a2p-routes.ts), which delivers Twilio's signed status callbacks to our own callback route.
 * Its messaging services follow Twilio's rules: a number joins an existing service only, sits in one
 * service at most (21712), joining again is fine (21710), and a released number leaves its service.
 */
export function createLocalMessagingRegistration(
  now: () => Date = () => new Date(),
): LocalMessagingRegistration {
  const verificationTextsSent: string[] = [];
  const services = new Map<string, Set<string>>();

  function addToService(serviceSid: string, numberSid: string) {
    const service = services.get(serviceSid);
    if (!service) throw new RegistrationProviderError(`No messaging service ${serviceSid} (20404)`);
    if (service.has(numberSid)) return;
    for (const [otherSid, other] of services) {
      if (otherSid !== serviceSid && other.has(numberSid)) {
        throw new NumberInOtherServiceError(`${numberSid} is in messaging service ${otherSid} (21712)`);
      }
    }
    service.add(numberSid);
  }

  return {
    name: 'local',
    verificationTextsSent,
    services,

    numberReleased(numberSid) {
      for (const service of services.values()) service.delete(numberSid);
    },

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

    async submitCampaign({ ownerId, refs, number }) {
      const messagingServiceSid = refs.messagingServiceSid ?? sid('MG', ownerId);
      if (!services.has(messagingServiceSid)) services.set(messagingServiceSid, new Set());
      if (number) addToService(messagingServiceSid, number.sid);
      return {
        ...refs,
        messagingServiceSid,
        campaignSid: sid('QE', ownerId, refs.brandSid ?? '', now().toISOString()),
      };
    },

    async attachNumber(refs, number) {
      if (!refs.messagingServiceSid) throw new RegistrationProviderError('No messaging service to join');
      addToService(refs.messagingServiceSid, number.sid);
    },

    async resendVerification(refs) {
      if (refs.brandSid) verificationTextsSent.push(refs.brandSid);
    },
  };
}
