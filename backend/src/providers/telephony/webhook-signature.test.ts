import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature, signTwilioRequest } from './webhook-signature';

const TOKEN = 'test-auth-token';
const URL = 'https://api.example.com/webhooks/twilio/sms';
const PARAMS = { From: '+14155550199', To: '+12125550150', Body: 'Are you open?', MessageSid: 'SM1' };

/** Twilio's documented algorithm, written out: HMAC-SHA1 over URL + sorted name/value pairs, base64. */
const documented = (url: string, params: Record<string, string>) =>
  createHmac('sha1', TOKEN)
    .update(
      url +
        Object.keys(params)
          .sort()
          .map((k) => k + params[k])
          .join(''),
    )
    .digest('base64');

describe('X-Twilio-Signature', () => {
  it('signs as Twilio documents it', () => {
    expect(signTwilioRequest(TOKEN, URL, PARAMS)).toBe(documented(URL, PARAMS));
  });

  it('accepts its own signature and refuses a missing, forged or other-token one', () => {
    const signature = signTwilioRequest(TOKEN, URL, PARAMS);
    expect(isValidTwilioSignature(TOKEN, signature, URL, PARAMS)).toBe(true);
    expect(isValidTwilioSignature(TOKEN, undefined, URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, '', URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, 'bm90IGEgc2lnbmF0dXJl', URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature('another-token', signature, URL, PARAMS)).toBe(false);
  });

  it('refuses a signature once a parameter or the URL changed', () => {
    const signature = signTwilioRequest(TOKEN, URL, PARAMS);
    expect(isValidTwilioSignature(TOKEN, signature, URL, { ...PARAMS, Body: 'STOP' })).toBe(false);
    expect(isValidTwilioSignature(TOKEN, signature, URL, { ...PARAMS, Extra: '1' })).toBe(false);
    expect(
      isValidTwilioSignature(TOKEN, signature, 'https://evil.example.com/webhooks/twilio/sms', PARAMS),
    ).toBe(false);
  });
});
