import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/errors/http-error';
import { IdentityError, type IdentityUser } from './port';
import { IDENTITY_LOOKUP_FAILED, withAccessTokenIdentity } from './access-token-identity';
import type { VerifiedUser } from '../../platform/auth/token-verifier';

const poolUser: IdentityUser = {
  username: 'u-1',
  sub: 'sub-1',
  email: 'owner@example.com',
  enabled: true,
  attributes: {
    sub: 'sub-1',
    email: 'owner@example.com',
    email_verified: 'true',
    'custom:business_name': 'Harbor Dental',
  },
};
const accessUser: VerifiedUser = {
  sub: 'sub-1',
  email: undefined,
  tokenUse: 'access',
  claims: { sub: 'sub-1', token_use: 'access', username: 'u-1', client_id: 'c' },
};
const idUser: VerifiedUser = {
  sub: 'sub-1',
  email: 'token@example.com',
  tokenUse: 'id',
  claims: { sub: 'sub-1', token_use: 'id', email: 'token@example.com' },
};

function setup(found: () => Promise<IdentityUser | undefined> = async () => poolUser) {
  let clock = 0;
  const lookups: string[] = [];
  const verify = withAccessTokenIdentity(
    async (token) => (token === 'id' ? idUser : accessUser),
    {
      findBySub: async (sub) => {
        lookups.push(sub);
        return found();
      },
    },
    { ttlMs: 1000, nowMs: () => clock },
  );
  return { verify, lookups, advance: (ms: number) => (clock += ms) };
}

describe('access tokens get the identity an ID token would carry', () => {
  it('fills e-mail and the attributes from the pool, as an ID token names them; the token wins', async () => {
    const { verify } = setup();
    const user = await verify('access');
    expect(user.email).toBe('owner@example.com');
    expect(user.tokenUse).toBe('access');
    expect(user.claims).toMatchObject({
      email: 'owner@example.com',
      email_verified: true,
      'custom:business_name': 'Harbor Dental',
      'cognito:username': 'u-1',
      token_use: 'access',
      sub: 'sub-1',
    });
  });

  it('leaves ID tokens as they are, with no lookup', async () => {
    const { verify, lookups } = setup();
    expect(await verify('id')).toBe(idUser);
    expect(lookups).toEqual([]);
  });

  it('looks a subject up once per cache period', async () => {
    const { verify, lookups, advance } = setup();
    await verify('access');
    await verify('access');
    expect(lookups).toEqual(['sub-1']);
    advance(1001);
    await verify('access');
    expect(lookups).toEqual(['sub-1', 'sub-1']);
  });

  it('answers 503 with Retry-After when the pool cannot be read, and never lets the token through bare', async () => {
    const { verify } = setup(async () => {
      throw new IdentityError('Identity service refused ListUsers: TooManyRequestsException', 'x');
    });
    const failure = verify('access');
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      status: 503,
      code: 'identity_unavailable',
      message: IDENTITY_LOOKUP_FAILED,
      retryAfterSeconds: 5,
    });
  });

  it('keeps a user the pool does not know as the token says, and asks again next time', async () => {
    const { verify, lookups } = setup(async () => undefined);
    expect((await verify('access')).email).toBeUndefined();
    await verify('access');
    expect(lookups).toHaveLength(2);
  });
});
