import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteKeySet, type RemoteKeySetOptions } from './remote-key-set';

type SigningKey = { kid: string; jwk: JWK; privateKey: CryptoKey };

async function signingKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

const sign = (key: Pick<SigningKey, 'kid' | 'privateKey'>) =>
  new SignJWT({ sub: 'u1' }).setProtectedHeader({ alg: 'RS256', kid: key.kid }).sign(key.privateKey);

/** The issuer's JWKS endpoint: what it answers is set per test; every GET is counted. */
let answer: (res: import('node:http').ServerResponse) => void;
let requests = 0;
let server: Server;
let url: URL;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests += 1;
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/pool/.well-known/jwks.json`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  requests = 0;
});

const serve = (...keys: SigningKey[]) => {
  answer = (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: keys.map((k) => k.jwk) }));
  };
};

function keySet(overrides: Partial<RemoteKeySetOptions> = {}) {
  let now = 1_000_000;
  const options = { cacheMaxAgeMs: 600_000, cooldownMs: 30_000, timeoutMs: 2_000, ...overrides };
  return {
    keys: createRemoteKeySet(url, { ...options, nowMs: () => now }),
    advance: (ms: number) => (now += ms),
  };
}

describe('createRemoteKeySet', () => {
  let k1: SigningKey;
  let k2: SigningKey;
  beforeAll(async () => {
    [k1, k2] = await Promise.all([signingKey('k1'), signingKey('k2')]);
  });

  it('verifies with the served keys, fetching them once for a burst of parallel requests', async () => {
    serve(k1);
    const { keys } = keySet();
    const token = await sign(k1);
    const results = await Promise.all(Array.from({ length: 20 }, () => jwtVerify(token, keys)));
    expect(results.every((r) => r.payload.sub === 'u1')).toBe(true);
    expect(requests).toBe(1);
    await jwtVerify(token, keys);
    expect(requests).toBe(1);
  });

  it('fetches again for a key id it does not hold (rotation), at most once per cooldown', async () => {
    serve(k1);
    const { keys, advance } = keySet();
    await jwtVerify(await sign(k1), keys);
    serve(k1, k2);
    // Within the cooldown the new key is not fetched: a made-up kid cannot make every request call out.
    await expect(jwtVerify(await sign(k2), keys)).rejects.toThrow(/no applicable key/i);
    expect(requests).toBe(1);
    advance(30_000);
    expect((await jwtVerify(await sign(k2), keys)).payload.sub).toBe('u1');
    expect(requests).toBe(2);
    // An unknown kid right after that fetch is refused without another one.
    await expect(jwtVerify(await sign({ kid: 'k9', privateKey: k2.privateKey }), keys)).rejects.toThrow(
      /no applicable key/i,
    );
    expect(requests).toBe(2);
  });

  it('fetches a set older than the cache age again before using it', async () => {
    serve(k1);
    const { keys, advance } = keySet({ cacheMaxAgeMs: 60_000 });
    const token = await sign(k1);
    await jwtVerify(token, keys);
    advance(59_000);
    await jwtVerify(token, keys);
    expect(requests).toBe(1);
    // Cognito dropped k1: once the cache is stale its tokens stop verifying.
    serve(k2);
    advance(1_000);
    await expect(jwtVerify(token, keys)).rejects.toThrow(/no applicable key/i);
    expect(requests).toBe(2);
  });

  it('refuses a non-200, a body that is not JSON, one that is too large, and a server that never answers', async () => {
    const token = await sign(k1);
    answer = (res) => {
      res.writeHead(503);
      res.end('busy');
    };
    await expect(jwtVerify(token, keySet().keys)).rejects.toThrow(/HTTP 503/);
    answer = (res) => res.end('<html>');
    await expect(jwtVerify(token, keySet().keys)).rejects.toThrow(/not JSON/);
    answer = (res) => res.end(JSON.stringify({ keys: [], padding: 'x'.repeat(100_000) }));
    await expect(jwtVerify(token, keySet().keys)).rejects.toThrow(/too large/);
    answer = () => undefined;
    await expect(jwtVerify(token, keySet({ timeoutMs: 100 }).keys)).rejects.toMatchObject({
      code: 'ERR_JWKS_TIMEOUT',
    });
  });

  it('tries again on the next request after a failed fetch', async () => {
    answer = (res) => {
      res.writeHead(500);
      res.end();
    };
    const { keys } = keySet();
    const token = await sign(k1);
    await expect(jwtVerify(token, keys)).rejects.toThrow(/HTTP 500/);
    serve(k1);
    expect((await jwtVerify(token, keys)).payload.sub).toBe('u1');
    expect(requests).toBe(2);
  });
});
