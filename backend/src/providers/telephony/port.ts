import type { PhoneCountry } from '@shared/area-codes';
import type { AvailablePhoneNumber } from '@shared/schemas/phone-numbers';
import { LINE_OWNER_PARAM, TWILIO_WEBHOOK_PATHS } from '../../platform/http/webhook-paths';

/**
 * Phone numbers for the assistant: search what can be bought, buy one with its voice and SMS webhooks
 * pointed at our API, give one back. The real adapter is Twilio (twilio.ts); the local one (local.ts) answers
 * from a deterministic inventory per area code. Who holds which number is kept by us (data/phone-reservations),
 * not by the provider, so both behave the same for two owners picking one number.
 */
export type NumberSearch = {
  country: PhoneCountry;
  areaCode?: string;
  region?: string;
  locality?: string;
  postalCode?: string;
  limit: number;
};

/** Where a number's calls, call status changes and texts are delivered (our signed webhooks). */
export type NumberWebhooks = { voiceUrl: string; smsUrl: string; statusCallbackUrl: string };
export type PurchaseRequest = { phoneNumber: string } & NumberWebhooks;
/** A number of the account, with the webhooks it points at now (absent: none set). */
export type OwnedNumber = { sid: string; phoneNumber: string } & Partial<NumberWebhooks>;

export interface TelephonyProvider {
  /** 'twilio' or 'local', for logs. */
  readonly name: string;
  searchAvailable(search: NumberSearch): Promise<AvailablePhoneNumber[]>;
  /** Buys the number; throws NumberUnavailableError when it cannot be had any more. */
  purchase(request: PurchaseRequest): Promise<{ sid: string }>;
  release(sid: string): Promise<void>;
  /** Every number of the account (the operator's re-pointing walks them). */
  listNumbers(): Promise<OwnedNumber[]>;
  /** Points an owned number's webhooks elsewhere (a new API address after a deploy). */
  pointWebhooks(sid: string, webhooks: NumberWebhooks): Promise<void>;
  /** Sends a text from one of our numbers (confirmations, deposit links, manager alerts). */
  sendSms(message: OutboundSms): Promise<{ sid: string }>;
}

export type OutboundSms = { from: string; to: string; body: string };

/** The number exists no more or was bought by someone else meanwhile; the route answers 409. */
export class NumberUnavailableError extends Error {}

/** The provider failed (bad credentials, outage); the route answers 502 without the vendor's details. */
export class TelephonyError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * The provider with its sendSms in front of `telephony`'s, every other call passed through. Each method is
 * delegated by name rather than spread: a not-configured provider is a Proxy, and spreading one copies none
 * of its methods.
 */
export const withSendSms = (
  telephony: TelephonyProvider,
  sendSms: TelephonyProvider['sendSms'],
): TelephonyProvider => ({
  name: telephony.name,
  searchAvailable: (search) => telephony.searchAvailable(search),
  purchase: (request) => telephony.purchase(request),
  release: (sid) => telephony.release(sid),
  listNumbers: () => telephony.listNumbers(),
  pointWebhooks: (sid, webhooks) => telephony.pointWebhooks(sid, webhooks),
  sendSms,
});

/**
 * Twilio error 21610: the recipient texted STOP to this number, so Twilio refuses every text to them from it
 * until they text START. The SMS channel records the opt-out when it learns of it this way.
 */
export class RecipientOptedOutError extends TelephonyError {
  static readonly CODE = 21610;
  constructor(message = 'Attempt to send to unsubscribed recipient (21610)') {
    super(message, 400);
  }
}

/** Our Twilio webhook paths (webhook-paths.ts, which the edge reads too); the routes mount themselves there. */
export { TWILIO_WEBHOOK_PATHS } from '../../platform/http/webhook-paths';

/**
 * Where a bought number's calls, call statuses and texts are delivered. With the number's owner, its voice
 * URL names them (LINE_OWNER_PARAM), so a caller's first ring reads the line in one round trip.
 */
export const telephonyWebhookUrls = (publicApiUrl: string, ownerId?: string): NumberWebhooks => {
  const base = publicApiUrl.replace(/\/+$/, '');
  const owner = ownerId ? `?${LINE_OWNER_PARAM}=${encodeURIComponent(ownerId)}` : '';
  return {
    voiceUrl: `${base}${TWILIO_WEBHOOK_PATHS.voice}${owner}`,
    smsUrl: `${base}${TWILIO_WEBHOOK_PATHS.sms}`,
    statusCallbackUrl: `${base}${TWILIO_WEBHOOK_PATHS.voiceStatus}`,
  };
};

/**
 * The time a simulated call is placed at, when the local phone places it "as if at" another moment (only the
 * local telephony stand-in provides one, so deployed the answer rule always reads the real clock;
 * docs/decisions/173-answer-modes.md). Undefined: the call happens now.
 */
export type CallClock = (request: Request) => Date | undefined;
