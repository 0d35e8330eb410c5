import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearerToken,
  createTokenVerifier,
  withVerifiedTokenCache,
  type VerifiedUser,
} from './token-verifier';

const issuer = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Test';
const clientId = 'web-client';

describe('createTokenVerifier', () => {
  let sign: (claims: JWTPayload, expiresIn?: string) => Promise<string>;
  let verify: ReturnType<typeof createTokenVerifier>;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    verify = createTokenVerifier({
      issuer,
      clientId,
      jwksUrl: 'http://unused',
      keySet: createLocalJWKSet({ keys: [jwk] }),
    });
    sign = (claims, expiresIn = '1h') =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(privateKey);
  });

  it('accepts an ID token for this client and an access token for this client', async () => {
    const id = await verify(await sign({ sub: 'u1', token_use: 'id', aud: clientId, email: 'a@b.co' }));
    expect(id).toMatchObject({ sub: 'u1', tokenUse: 'id', email: 'a@b.co' });
    const access = await verify(await sign({ sub: 'u1', token_use: 'access', client_id: clientId }));
    expect(access.tokenUse).toBe('access');
  });

  it('refuses an expired token with the spec text', async () => {
    const token = await sign({ sub: 'u1', token_use: 'id', aud: clientId }, '-1m');
    await expect(verify(token)).rejects.toMatchObject({
      status: 401,
      message: 'Authentication token expired',
    });
  });

  it.each([
    ['another client', { sub: 'u1', token_use: 'id', aud: 'other' }],
    ['an access token of another client', { sub: 'u1', token_use: 'access', client_id: 'other' }],
    ['an unknown token use', { sub: 'u1', token_use: 'refresh', aud: clientId }],
    ['no subject', { token_use: 'id', aud: clientId }],
  ])('refuses %s', async (_label, claims) => {
    await expect(verify(await sign(claims))).rejects.toMatchObject({
      status: 401,
      message: 'No valid token found',
    });
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ sub: 'u1', token_use: 'id', aud: clientId })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setExpirationTime('1h')
      .sign(privateKey);
    await expect(verify(token)).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a value that is not three dot-separated parts', async () => {
    await expect(verify('a.b')).rejects.toMatchObject({ message: 'Invalid authentication token format' });
  });
});

describe('bearerToken', () => {
  it('reads the token from a Bearer header only', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer  xyz')).toBe('xyz');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describe('withVerifiedTokenCache', () => {
  const user = (sub: string, expSeconds?: number): VerifiedUser => ({
    sub,
    email: undefined,
    tokenUse: 'id',
    claims: expSeconds === undefined ? { sub } : { sub, exp: expSeconds },
  });

  it('verifies a token once and reuses the answer until the token expires', async () => {
    let clock = 1_000_000;
    const calls: string[] = [];
    const cached = withVerifiedTokenCache(
      async (token) => {
        calls.push(token);
        return user(token, 1_060); // expires at 1 060 000 ms
      },
      { nowMs: () => clock },
    );
    await cached('a');
    await cached('a');
    expect(calls).toEqual(['a']);
    clock = 1_060_000;
    await cached('a');
    expect(calls).toEqual(['a', 'a']);
  });

  it('never keeps a refusal, nor a token without expiry, and stays within its size', async () => {
    const calls: string[] = [];
    const cached = withVerifiedTokenCache(
      async (token) => {
        calls.push(token);
        if (token === 'bad') throw new Error('refused');
        return user(token, token === 'no-exp' ? undefined : Date.now() / 1000 + 3600);
      },
      { maxEntries: 2 },
    );
    await expect(cached('bad')).rejects.toThrow('refused');
    await expect(cached('bad')).rejects.toThrow('refused');
    await cached('no-exp');
    await cached('no-exp');
    for (const token of ['t1', 't2', 't3', 't1']) await cached(token);
    // t1 was the oldest when t3 came in, so it is verified again.
    expect(calls).toEqual(['bad', 'bad', 'no-exp', 'no-exp', 't1', 't2', 't3', 't1']);
  });

  it('knows a verified token without a promise until it expires, and nothing it has not verified', async () => {
    let clock = 1_000_000;
    const cached = withVerifiedTokenCache(async (token) => user(token, 1_060), { nowMs: () => clock });
    expect(cached.known?.('a')).toBeUndefined();
    const verified = await cached('a');
    expect(cached.known?.('a')).toBe(verified);
    expect(cached.known?.('b')).toBeUndefined();
    clock = 1_060_000;
    expect(cached.known?.('a')).toBeUndefined();
  });
});
