import { describe, expect, it } from 'vitest';
import {
  FORWARDING_TABLE,
  forwardedCallOf,
  forwardingGuide,
  forwardingStatus,
  forwardingStatusLine,
  guideCodes,
} from './forwarding';
import { FORWARDING_CARRIERS, FORWARDING_KINDS } from './forwarding-kinds';

const ASSISTANT = '+12125550123';
const BUSINESS = '+14155550142';
const codesOf = (
  carrier: Parameters<typeof forwardingGuide>[0],
  kind: Parameters<typeof forwardingGuide>[1],
) => forwardingGuide(carrier, kind, ASSISTANT)!.steps.flatMap((s) => (s.code ? [s.code] : []));

describe('forwardingGuide', () => {
  it('fills the assistant number into Verizon’s star codes (10 digits)', () => {
    expect(codesOf('verizon', 'always')).toEqual(['*722125550123']);
    expect(codesOf('verizon', 'conditional')).toEqual(['*712125550123']);
    expect(forwardingGuide('verizon', 'always', ASSISTANT)!.cancel.map((s) => s.code)).toEqual(['*73']);
  });

  it('uses the GSM codes on AT&T and T-Mobile, with 1 + the 10 digits', () => {
    for (const carrier of ['att', 't_mobile'] as const) {
      expect(codesOf(carrier, 'always')).toEqual(['**21*12125550123#']);
      expect(codesOf(carrier, 'conditional')).toEqual([
        '**61*12125550123#',
        '**67*12125550123#',
        '**62*12125550123#',
      ]);
      expect(forwardingGuide(carrier, 'conditional', ASSISTANT)!.cancel.map((s) => s.code)).toEqual([
        '##004#',
      ]);
    }
  });

  it('gives steps in words with the number as people read it for RingCentral and other services', () => {
    const guide = forwardingGuide('ringcentral', 'conditional', ASSISTANT)!;
    expect(guide.steps.length).toBeGreaterThan(1);
    expect(guide.steps.some((s) => s.code === '(212) 555-0123')).toBe(true);
    expect(codesOf('other', 'always')).toEqual(['(212) 555-0123']);
  });

  it('has a row for every carrier × kind, each naming its source, with the number in at least one step', () => {
    for (const carrier of FORWARDING_CARRIERS) {
      expect(FORWARDING_TABLE[carrier].source.length).toBeGreaterThan(10);
      for (const kind of FORWARDING_KINDS) {
        const guide = forwardingGuide(carrier, kind, ASSISTANT)!;
        expect(guide.steps.length).toBeGreaterThan(0);
        expect(guide.steps.some((s) => s.code?.replace(/\D/g, '').endsWith('2125550123'))).toBe(true);
        expect(JSON.stringify(guide)).not.toContain('{number}');
      }
    }
  });

  it('accepts the number in any typing and refuses a number outside North America', () => {
    expect(codesOf('verizon', 'always')).toEqual(
      forwardingGuide('verizon', 'always', '(212) 555-0123')!.steps.flatMap((s) => (s.code ? [s.code] : [])),
    );
    expect(forwardingGuide('verizon', 'always', '+442071838750')).toBeUndefined();
    expect(forwardingGuide('verizon', 'always', 'not a number')).toBeUndefined();
  });

  it('copies the codes one per line', () => {
    expect(guideCodes(forwardingGuide('att', 'conditional', ASSISTANT)!)).toBe(
      '**61*12125550123#\n**67*12125550123#\n**62*12125550123#',
    );
  });
});

describe('forwardingStatus', () => {
  it('is not verified until a forwarded call was recorded, then verified with its times', () => {
    const none = forwardingStatus({ phone_number: BUSINESS, assistant_phone: ASSISTANT });
    expect(none).toMatchObject({ state: 'not_verified', verified_at: null, last_seen_at: null });
    expect(forwardingStatusLine(none, (t) => t)).toBe('Forwarding: not verified');
    const seen = forwardingStatus({
      phone_number: BUSINESS,
      forwarding: {
        carrier: 'verizon',
        kind: 'always',
        verifiedAt: '2026-11-27T15:00:00.000Z',
        lastSeenAt: '2026-11-27T16:30:00.000Z',
        forwardedFrom: BUSINESS,
      },
    });
    expect(seen).toMatchObject({
      state: 'verified',
      carrier: 'verizon',
      verified_at: '2026-11-27T15:00:00.000Z',
      business_phone: BUSINESS,
      assistant_phone: null,
    });
    expect(forwardingStatusLine(seen, (t) => t.slice(11, 16))).toBe('Forwarding: verified · last seen 16:30');
  });

  it('a chosen carrier alone is not verification', () => {
    expect(forwardingStatus({ forwarding: { carrier: 'att', kind: 'always' } }).state).toBe('not_verified');
  });
});

describe('forwardedCallOf', () => {
  const config = { phone_number: BUSINESS, assistant_phone: ASSISTANT };
  it('recognises a call forwarded from the business line', () => {
    expect(forwardedCallOf({ ForwardedFrom: '+14155550142', To: ASSISTANT }, config)).toEqual({
      forwardedFrom: BUSINESS,
      fromBusinessLine: true,
    });
    // Some carriers pass the line on without the plus.
    expect(forwardedCallOf({ ForwardedFrom: '4155550142', To: ASSISTANT }, config)?.fromBusinessLine).toBe(
      true,
    );
  });

  it('a call forwarded from another line is forwarded, not from the business line', () => {
    expect(forwardedCallOf({ ForwardedFrom: '+14155550177', To: ASSISTANT }, config)).toEqual({
      forwardedFrom: '+14155550177',
      fromBusinessLine: false,
    });
  });

  it('a direct call, garbage, or the assistant number "forwarded" to itself is not a forwarded call', () => {
    expect(forwardedCallOf({ To: ASSISTANT }, config)).toBeUndefined();
    expect(forwardedCallOf({ ForwardedFrom: '', To: ASSISTANT }, config)).toBeUndefined();
    expect(forwardedCallOf({ ForwardedFrom: 'sip:abc', To: ASSISTANT }, config)).toBeUndefined();
    expect(forwardedCallOf({ ForwardedFrom: ASSISTANT, To: ASSISTANT }, config)).toBeUndefined();
    expect(
      forwardedCallOf({ ForwardedFrom: ASSISTANT, To: '+1000', Called: ASSISTANT }, config),
    ).toBeUndefined();
  });
});
