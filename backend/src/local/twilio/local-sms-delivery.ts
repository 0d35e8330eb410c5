import { randomBytes } from 'node:crypto';
import type { LocalTwilioAccount } from './local-account';
import { messagesInTwiml } from '../../providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../providers/telephony/webhook-signature';

/** The local account's sid (Twilio-shaped: 'AC' + 32 hex); not a secret, nothing real answers to it. */
export const LOCAL_TWILIO_ACCOUNT_SID = `AC${'10ca1'.padEnd(32, '0')}`;

export type LocalSmsDelivery = {
  messageSid: string;
  /** The HTTP status our webhook answered. */
  status: number;
  /** The <Message> texts of its TwiML answer (what Twilio would text back to the sender). */
  replies: string[];
};

/** The number is not one of the local account's (never bought, or released). */
export class UnknownLocalNumberError extends Error {}

const newSid = (prefix: 'SM') => `${prefix}${randomBytes(16).toString('hex')}`;

/**
 * Delivers a text to one of the local account's numbers exactly as Twilio does: a form POST of Twilio's
 * inbound-message parameters to the SMS URL the number was bought with, signed with X-Twilio-Signature over
 * that URL and the parameters; the TwiML answer's <Message>s are the replies. `dispatch` sends the request
 * (our own app's fetch locally, so no port needs to be known).
 */
export async function deliverLocalSms(options: {
  account: Pick<LocalTwilioAccount, 'getNumber'>;
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
  const text = await response.text();
  return { messageSid, status: response.status, replies: response.ok ? messagesInTwiml(text) : [] };
}
