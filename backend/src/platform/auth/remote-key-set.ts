import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createLocalJWKSet, errors as joseErrors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

export type RemoteKeySetOptions = {
  /** A key set older than this is fetched again before it is used. */
  cacheMaxAgeMs: number;
  /** An unknown key id fetches the set again, at most once per this long (a token with a made-up kid cannot
   * make every request call Cognito). */
  cooldownMs: number;
  timeoutMs: number;
  nowMs?: () => number;
};

/** Far larger than a user pool's JWKS (two RSA keys, about 1 KB): anything bigger is not one. */
const MAX_JWKS_BYTES = 64 * 1024;

/**
 * The issuer's JWKS as jose's createRemoteJWKSet keeps it (cached, fetched again when stale or when a token
 * names a key id it does not hold, with a cooldown), fetched with node:http(s) instead of `fetch`. jose's
 * version builds a `Headers` at creation, which makes Node load its whole fetch implementation (undici):
 * about 19 ms of every Lambda cold start, for one GET that the SDK's already-loaded node:http can make
 * (issue 16 §2, bench/README.md lambda_bundle). Key selection and validation stay jose's (createLocalJWKSet).
 */
export function createRemoteKeySet(url: URL, options: RemoteKeySetOptions): JWTVerifyGetKey {
  const nowMs = options.nowMs ?? (() => Date.now());
  let keys: ReturnType<typeof createLocalJWKSet> | undefined;
  let fetchedAtMs = 0;
  let pending: Promise<void> | undefined;
  // Callers arriving during a fetch share it: a cold instance's burst of requests makes one request.
  const reload = () =>
    (pending ??= getJson(url, options.timeoutMs)
      .then((json) => {
        keys = createLocalJWKSet(json as JSONWebKeySet);
        fetchedAtMs = nowMs();
      })
      .finally(() => {
        pending = undefined;
      }));

  return async (header, token) => {
    if (!keys || nowMs() - fetchedAtMs >= options.cacheMaxAgeMs) await reload();
    try {
      return await keys!(header, token);
    } catch (error) {
      // A rotated pool signs with a key id the cached set lacks: fetch once more, then decide.
      if (!(error instanceof joseErrors.JWKSNoMatchingKey) || nowMs() - fetchedAtMs < options.cooldownMs)
        throw error;
      await reload();
      return keys!(header, token);
    }
  };
}

/** GET → parsed JSON; anything but a 200 with a small body within the timeout is an error. */
function getJson(url: URL, timeoutMs: number): Promise<unknown> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        headers: { accept: 'application/json, application/jwk-set+json' },
        timeout: timeoutMs,
      },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new joseErrors.JOSEError(`JWKS answered HTTP ${res.statusCode} (${url.href})`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_JWKS_BYTES) req.destroy(new joseErrors.JOSEError('JWKS response is too large'));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            reject(new joseErrors.JOSEError('JWKS response is not JSON'));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new joseErrors.JWKSTimeout()));
    req.on('error', reject);
    req.end();
  });
}
