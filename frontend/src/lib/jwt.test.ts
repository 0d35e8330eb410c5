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
  });

  it('treats a token as valid only while exp × 1000 is later than now (spec §5)', () => {
    expect(isTokenExpired({ exp: 1000 }, 999_999)).toBe(false);
    expect(isTokenExpired({ exp: 1000 }, 1_000_000)).toBe(true);
    expect(isTokenExpired({}, 0)).toBe(true);
  });
});
