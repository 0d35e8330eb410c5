import { randomBytes } from 'node:crypto';
import type { KeywordReplyBusiness } from '@shared/carrier-keywords';
import type { LocalTwilioAccount } from './local-account';
import { applyCarrierKeywords, type LocalOptOutList } from './local-keywords';
import { messagesInTwiml } from '../../providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../providers/telephony/webhook-signature';

/** The local account's sid (Twilio-shaped: 'AC' + 32 hex); not a secret, nothing real answers to it. */
export const LOCAL_TWILIO_ACCOUNT_SID = `AC${'10ca1'.padEnd(32, '0')}`;

export type LocalSmsDelivery = {
  messageSid: string;
  /** The HTTP status our webhook answered. */
  status: number;
  /** What reached the sender: Twilio's keyword auto-reply, then the TwiML answer's <Message> texts. */
  replies: string[];
  /** TwiML replies Twilio refused because the sender is opted out of the number (error 21610). */
  blocked: number;
};

/** The number is not one of the local account's (never bought, or released). */
export class UnknownLocalNumberError extends Error {}

const newSid = (prefix: 'SM') => `${prefix}${randomBytes(16).toString('hex')}`;

/**
 * Delivers a text to one of the local account's numbers exactly as Twilio does: the carrier keywords first
 * (local-keywords.ts: the opt-out list, the auto-reply, OptOutType), then a form POST of Twilio's
 * inbound-message parameters to the SMS URL the number was bought with, signed with X-Twilio-Signature over
 * that URL and the parameters; the TwiML answer's <Message>s are the replies, unless the sender is opted
 * out of the number. `dispatch` sends the request (our own app's fetch locally, so no port needs to be known).
 */
export async function deliverLocalSms(options: {
  account: Pick<LocalTwilioAccount, 'getNumber'> & LocalOptOutList;
  /** Whom the number's keyword auto-replies name (its messaging service's Advanced Opt-Out replies). */
  business: (phoneNumber: string) => Promise<KeywordReplyBusiness>;
  authToken: string;
  dispatch: (request: Request) => Promise<Response>;
  from: string;
  to: string;
  body: string;
  /** A fixed sid re-delivers the same message (Twilio's retries keep the sid). */
  messageSid?: string;
}): Promise<LocalSmsDelivery> {
  const number = await options.account.getNumber(options.to);
  if (!number) throw new UnknownLocalNumberError(`${options.to} is not a number of the local account`);
  const messageSid = options.messageSid ?? newSid('SM');
  const keywords = await applyCarrierKeywords(
    options.account,
    { from: options.from, to: options.to, body: options.body },
    await options.business(options.to),
  );
  const params: Record<string, string> = {
    ToCountry: 'US',
    SmsMessageSid: messageSid,
    NumMedia: '0',
    SmsSid: messageSid,
    SmsStatus: 'received',
    Body: options.body,
    To: options.to,
    NumSegments: String(Math.max(1, Math.ceil(options.body.length / 153))),
    MessageSid: messageSid,
    AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
    From: options.from,
    ApiVersion: '2010-04-01',
    ...(keywords.optOutType ? { OptOutType: keywords.optOutType } : {}),
  };
  const response = await options.dispatch(
    new Request(number.sms_url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': signTwilioRequest(options.authToken, number.sms_url, params),
        'User-Agent': 'TwilioProxy/1.1',
      },
      body: new URLSearchParams(params).toString(),
    }),
  );
  const answered = response.ok ? messagesInTwiml(await response.text()) : [];
  const optedOut = answered.length > 0 && (await options.account.isOptedOut(options.to, options.from));
  return {
    messageSid,
    status: response.status,
    replies: [...(keywords.autoReply ? [keywords.autoReply] : []), ...(optedOut ? [] : answered)],
    blocked: optedOut ? answered.length : 0,
  };
}
