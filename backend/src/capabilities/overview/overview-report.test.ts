import { describe, expect, it } from 'vitest';
import { isConnectionExpired } from './overview-report';

describe('isConnectionExpired', () => {
  const now = new Date('2026-11-25T15:00:00.000Z');
  const past = now.getTime() - 1;
  it('is expired when marked so, or when its token is past due with nothing to refresh it', () => {
    expect(isConnectionExpired({ status: 'expired' }, now)).toBe(true);
    expect(isConnectionExpired({ status: 'connected', token_expires_at: past }, now)).toBe(true);
  });
  it('is not expired while the token is valid, never expires, or can be refreshed', () => {
    expect(isConnectionExpired({ status: 'connected' }, now)).toBe(false);
    expect(isConnectionExpired({ status: 'connected', token_expires_at: now.getTime() + 1 }, now)).toBe(
      false,
    );
    expect(
      isConnectionExpired({ status: 'connected', token_expires_at: past, refresh_token_enc: 'v1.x' }, now),
    ).toBe(false);
  });
});
