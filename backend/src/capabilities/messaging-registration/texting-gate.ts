import type { OutboundTextGate } from '../sms/index';
import { parsePhone } from '@shared/phone/phone-number';
import { textingAllowedIn } from '@shared/schemas/messaging-registration';
import type { MessagingRegistrationData } from './deps';
import type { MessagingRegistrationRepository, StoredRegistration } from './records/messaging-registrations';
import type { Logger } from '../../platform/logging/logger';
import { numberAwaitsService, sendsFromServiceNumber } from './registration-rules';
import { TelephonyError, withSendSms, type TelephonyProvider } from '../../providers/telephony/port';

/**
 * Countries whose numbers are reached through US carriers, where unregistered 10DLC traffic is blocked:
 * the US and its territories that share +1 (Canada's carriers do not take part in A2P 10DLC).
 */
const A2P_COUNTRIES = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);

/** Whether a text to this number needs an approved A2P campaign; an unreadable +1 number counts as US. */
export function needsA2pCampaign(to: string): boolean {
  const country = parsePhone(to)?.country;
  if (country) return A2P_COUNTRIES.has(country);
  return to.startsWith('+1');
}

/** A text the gate held back: the caller treats it as not sent (every sender already handles that). */
export class TextingNotRegisteredError extends TelephonyError {
  constructor() {
    super("Texts to US numbers wait for the business's A2P 10DLC registration to be approved");
  }
}

/** Whether a text from this assistant number to this recipient may go out now (the gate the SMS channel consults). */
export type TextingGate = OutboundTextGate;

/** How often one instance retries a waiting number's join on a held text, per owner. */
export const NUMBER_JOIN_RETRY_MS = 60_000;
/** Owners whose last retry this instance remembers, at most: an old entry only allows one more try. */
const RETRY_MEMORY = 1000;

/**
 * The one rule of docs/decisions/169: a text to a US number leaves only from a number whose owner's campaign
 * is approved, and only while that number is the one in the campaign's messaging service (a changed number
 * waits until it has joined: "A changed number"). The owner is whoever holds the number's active
 * reservation; both reads are strongly consistent, so a text decided after the approval was stored always
 * sees it, and none before does.
 *
 * A text held only because the number has not joined yet tries the join itself (`retryNumberJoin`, at most
 * once a minute per owner on this instance), so a failed join heals on the next text instead of waiting
 * for the owner to open the Texting tab.
 */
export function createTextingGate(deps: {
  data: Pick<MessagingRegistrationData, 'phoneReservations'>;
  registrations: Pick<MessagingRegistrationRepository, 'get'>;
  retryNumberJoin?: (ownerId: string) => Promise<unknown>;
  now?: () => Date;
  logger?: Pick<Logger, 'warn'>;
}): TextingGate {
  const lastRetry = new Map<string, number>();
  const mayRetry = (ownerId: string) => {
    const at = (deps.now?.() ?? new Date()).getTime();
    const last = lastRetry.get(ownerId);
    if (last !== undefined && at - last < NUMBER_JOIN_RETRY_MS) return false;
    if (lastRetry.size >= RETRY_MEMORY) lastRetry.clear();
    lastRetry.set(ownerId, at);
    return true;
  };
  const approvedFrom = (registration: StoredRegistration | undefined, from: string) =>
    registration !== undefined &&
    textingAllowedIn(registration.state) &&
    sendsFromServiceNumber(registration, from);

  return {
    async allows(from, to) {
      if (!needsA2pCampaign(to)) return true;
      const reservation = await deps.data.phoneReservations.get(from);
      if (!reservation || reservation.status !== 'active') return false;
      const ownerId = reservation.owner_id;
      const registration = await deps.registrations.get(ownerId);
      if (approvedFrom(registration, from)) return true;
      const waitingToJoin =
        registration !== undefined &&
        textingAllowedIn(registration.state) &&
        numberAwaitsService(registration, from);
      if (!waitingToJoin || !deps.retryNumberJoin || !mayRetry(ownerId)) return false;
      try {
        await deps.retryNumberJoin(ownerId);
      } catch (error) {
        deps.logger?.warn('messaging_registration.join_retry_failed', {
          owner_id: ownerId,
          error: String(error),
        });
        return false;
      }
      return approvedFrom(await deps.registrations.get(ownerId), from);
    },
  };
}

/**
 * The outbound-SMS choke point: every text the product sends goes through the telephony provider's sendSms,
 * so wrapping it here gates confirmations, deposit links, receipts and notifications alike.
 */
export function gateOutboundTexts(telephony: TelephonyProvider, gate: TextingGate): TelephonyProvider {
  return withSendSms(telephony, async (message) => {
    if (!(await gate.allows(message.from, message.to))) throw new TextingNotRegisteredError();
    return telephony.sendSms(message);
  });
}
