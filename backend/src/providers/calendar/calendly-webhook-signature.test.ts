import { describe, expect, it } from 'vitest';
import { signCalendlyPayload, verifyCalendlySignature } from './calendly-webhook-signature';

describe('Calendly webhook signatures', () => {
  const key = 'signing-key-for-tests-0001';
  const body = JSON.stringify({ event: 'invitee.created', payload: { uri: 'x' } });
  const now = new Date('2026-11-25T12:00:00Z');
  const at = now.getTime() / 1000;

  it('accepts its own signature within three minutes', () => {
    expect(() =>
      verifyCalendlySignature(body, signCalendlyPayload(body, key, at - 60), key, now),
    ).not.toThrow();
  });

  it('refuses another key, a changed body, an old delivery and a missing or malformed header', () => {
    const header = signCalendlyPayload(body, key, at);
    expect(() => verifyCalendlySignature(body, header, 'another-signing-key-0002', now)).toThrow('mismatch');
    expect(() => verifyCalendlySignature(`${body} `, header, key, now)).toThrow('mismatch');
    expect(() => verifyCalendlySignature(body, signCalendlyPayload(body, key, at - 600), key, now)).toThrow(
      'tolerance',
    );
    expect(() => verifyCalendlySignature(body, undefined, key, now)).toThrow('Missing');
    expect(() => verifyCalendlySignature(body, 'v1=abc', key, now)).toThrow('Malformed');
    expect(() => verifyCalendlySignature(body, `t=${at},v1=zz`, key, now)).toThrow('mismatch');
  });
});
