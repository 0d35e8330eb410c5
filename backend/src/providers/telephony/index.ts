import type { PhoneCountry } from '@shared/area-codes';
import type { AvailablePhoneNumber } from '@shared/schemas/phone-numbers';
import { createLocalTelephony } from './local';
import { createTwilioTelephony } from './twilio';
import type { LocalTwilioAccount } from './local-account';

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

export type PurchaseRequest = { phoneNumber: string; voiceUrl: string; smsUrl: string };

export interface TelephonyProvider {
  /** 'twilio' or 'local', for logs. */
  readonly name: string;
  searchAvailable(search: NumberSearch): Promise<AvailablePhoneNumber[]>;
  /** Buys the number; throws NumberUnavailableError when it cannot be had any more. */
  purchase(request: PurchaseRequest): Promise<{ sid: string }>;
  release(sid: string): Promise<void>;
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

/** Where the bought number's calls and texts are delivered (the webhook routes come with the voice issue). */
export const telephonyWebhookUrls = (publicApiUrl: string) => {
  const base = publicApiUrl.replace(/\/+$/, '');
  return { voiceUrl: `${base}/webhooks/twilio/voice`, smsUrl: `${base}/webhooks/twilio/sms` };
};

/** Twilio when its keys are configured, else the local inventory (which needs to know who holds what). */
export function createTelephonyProvider(
  config: { accountSid: string | undefined; authToken: string | undefined; apiBase: string | undefined },
  reservations: { heldAmong(numbers: string[]): Promise<Set<string>> },
  localAccount?: LocalTwilioAccount,
): TelephonyProvider {
  if (config.accountSid && config.authToken) {
    return createTwilioTelephony({
      accountSid: config.accountSid,
      authToken: config.authToken,
      ...(config.apiBase ? { apiBase: config.apiBase } : {}),
    });
  }
  return createLocalTelephony({
    heldAmong: (numbers) => reservations.heldAmong(numbers),
    account: localAccount,
  });
}
