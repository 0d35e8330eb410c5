import { describe, expect, it } from 'vitest';
import { decodeJwtClaims, isTokenExpired } from './jwt';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: object) => `${encode({ alg: 'RS256' })}.${encode(claims)}.sig`;

describe('jwt helpers', () => {
  it('decodes claims, including non-ASCII text', () => {
    expect(decodeJwtClaims(token({ sub: 'u1', 'custom:business_name': 'Café Zoë' }))).toEqual({
      sub: 'u1',
      'custom:business_name': 'Café Zoë',
    });
    expect(decodeJwtClaims('not-a-token')).toBeUndefined();
    expect(decodeJwtClaims(`${encode({})}.${Buffer.from('42').toString('base64url')}.sig`)).toBeUndefined();
    // Not UTF-8: unreadable, not garbled.
    expect(
      decodeJwtClaims(`${encode({})}.${Buffer.from([0xff, 0xfe]).toString('base64url')}.sig`),
    ).toBeUndefined();
  });

  it('hands back the same frozen claims for the same token, and new ones for another', () => {
    const first = token({ sub: 'u1', exp: 2000 });
    const claims = decodeJwtClaims(first);
    expect(decodeJwtClaims(first)).toBe(claims);
    expect(Object.isFrozen(claims)).toBe(true);
    expect(decodeJwtClaims(token({ sub: 'u2', exp: 2000 }))).toMatchObject({ sub: 'u2' });
    expect(decodeJwtClaims(first)).toEqual({ sub: 'u1', exp: 2000 });
  });

  it('treats a token as valid only while exp × 1000 is later than now (spec §5)', () => {
    expect(isTokenExpired({ exp: 1000 }, 999_999)).toBe(false);
    expect(isTokenExpired({ exp: 1000 }, 1_000_000)).toBe(true);
    expect(isTokenExpired({}, 0)).toBe(true);
  });
});
