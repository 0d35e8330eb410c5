import { randomBytes } from 'node:crypto';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { TEST_API_ORIGIN } from './assistant-line';

/** A fresh call id in Twilio's shape (CA and 32 hex digits), as the voice webhooks require. */
export const newCallSid = () => `CA${randomBytes(16).toString('hex')}`;

export const SMS_WEBHOOK_URL = `${TEST_API_ORIGIN}/webhooks/twilio/sms`;

type TestApp = { request: (url: string, init: RequestInit) => Response | Promise<Response> };

/**
 * A Twilio webhook as Twilio delivers it: the form posted to `url`, signed with the local auth token over
 * `signedFor` (the URL itself unless a test sends it somewhere it was not signed for), or unsigned.
 */
export function postTwilioForm(
  app: TestApp,
  url: string,
  form: Record<string, string>,
  options: { signedFor?: string; sign?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  return Promise.resolve(
    app.request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(options.sign === false
          ? {}
          : {
              'X-Twilio-Signature': signTwilioRequest(
                LOCAL_TWILIO_AUTH_TOKEN,
                options.signedFor ?? url,
                form,
              ),
            }),
        ...options.headers,
      },
      body: new URLSearchParams(form).toString(),
    }),
  );
}

/**
 * A text from a caller to an assistant number, as Twilio delivers it: a form signed with the local auth
 * token, posted to the app's SMS webhook. Extra fields (OptOutType …) join the form and the signature.
 */
export function postSignedSms(
  app: TestApp,
  text: { from: string; to: string; body: string; extra?: Record<string, string> },
): Promise<Response> {
  const form: Record<string, string> = {
    MessageSid: `SM${randomBytes(16).toString('hex')}`,
    AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
    From: text.from,
    To: text.to,
    Body: text.body,
    NumMedia: '0',
    ...text.extra,
  };
  return postTwilioForm(app, SMS_WEBHOOK_URL, form);
}
