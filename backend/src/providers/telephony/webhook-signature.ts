import { createHash } from 'node:crypto';
import {
  getExpectedTwilioSignature,
  validateRequest,
  validateRequestWithBody,
} from 'twilio/lib/webhooks/webhooks';

/**
 * Twilio's `X-Twilio-Signature`: base64 HMAC-SHA1, keyed by the account's auth token, over the full URL
 * Twilio requested followed by every POST parameter name and value sorted by name. Only Twilio (or the local
 * provider, which knows the local token) can produce it. The webhooks module alone is imported, not the
 * whole SDK, so the webhook routes do not pay for the REST client at cold start.
 */
export type TwilioParams = Record<string, string>;

/** Whether the signature was made with this token over this URL and these parameters. */
export function isValidTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: TwilioParams,
): boolean {
  if (!signature) return false;
  // validateRequest also accepts the URL with and without its default port, as Twilio may sign either.
  return validateRequest(authToken, signature, url, params);
}

/** The signature Twilio sends; the local telephony provider signs its deliveries with it. */
export const signTwilioRequest = (authToken: string, url: string, params: TwilioParams) =>
  getExpectedTwilioSignature(authToken, url, params);

/**
 * A JSON-bodied webhook (Event Streams): Twilio adds the body's SHA-256 (hex) to the URL as `bodySHA256` and
 * signs that URL with no parameters; the body must hash to it.
 */
export function isValidTwilioJsonSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  rawBody: string,
): boolean {
  if (!signature || !new URL(url).searchParams.get('bodySHA256')) return false;
  return validateRequestWithBody(authToken, signature, url, rawBody);
}

/** The URL (with its bodySHA256) and the signature Twilio sends with a JSON body to `url`. */
export function signTwilioJsonRequest(authToken: string, url: string, rawBody: string) {
  const signed = new URL(url);
  signed.searchParams.set('bodySHA256', createHash('sha256').update(rawBody).digest('hex'));
  const signedUrl = signed.toString();
  return { url: signedUrl, signature: getExpectedTwilioSignature(authToken, signedUrl, {}) };
}
