import { createHash, timingSafeEqual } from 'node:crypto';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { MiddlewareHandler } from 'hono';
import { ORIGIN_VERIFY_HEADER } from '@shared/origin-verify';
import type { AppConfig } from '../config/env';
import { newSecretsClient, readOriginVerifyTokens } from '../config/vendor-secrets';
import { forbidden } from '../errors/http-error';
import type { Logger } from '../logging/logger';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Compares in constant time (over digests, so a wrong length tells nothing either), against every accepted
 * value without stopping at the first match, so the timing does not tell which one matched.
 */
export function isOriginVerified(presented: string | undefined, accepted: readonly string[]): boolean {
  if (presented === undefined) return false;
  const presentedDigest = digest(presented);
  return accepted.reduce(
    (matched, token) => timingSafeEqual(presentedDigest, digest(token)) || matched,
    false,
  );
}

/**
 * A warm instance re-reads the secret at most this often, and only when a request carries a value it does
 * not know: after `put-secret-value` CloudFront starts sending the new value while instances started before
 * still hold the old pair. Bounded, so requests with made-up values cost at most two secret reads a minute.
 */
export const ORIGIN_VERIFY_RELOAD_INTERVAL_MS = 60_000;

export interface OriginVerifier {
  accepts(presented: string | undefined): Promise<boolean>;
}

/**
 * The accepted values (current and previous) of one instance, refreshed from `reload` when an unknown value
 * arrives and the last read is older than `minReloadIntervalMs`. Concurrent requests share one reload; a
 * failed reload keeps the values held.
 */
export function createOriginVerifier(options: {
  tokens: readonly string[];
  reload?: () => Promise<readonly string[]>;
  minReloadIntervalMs?: number;
  now?: () => number;
  logger?: Logger;
}): OriginVerifier {
  const now = options.now ?? Date.now;
  const interval = options.minReloadIntervalMs ?? ORIGIN_VERIFY_RELOAD_INTERVAL_MS;
  let tokens = options.tokens;
  // The values were just read at cold start.
  let lastReload = now();
  let reloading: Promise<void> | undefined;
  return {
    async accepts(presented) {
      if (presented === undefined) return false;
      if (isOriginVerified(presented, tokens)) return true;
      const reload = options.reload;
      if (!reload) return false;
      if (!reloading) {
        if (now() - lastReload < interval) return false;
        lastReload = now();
        reloading = reload()
          .then(
            (fresh) => {
              tokens = fresh;
            },
            (error: unknown) =>
              options.logger?.error('Origin-verify secret could not be re-read; keeping the values held', {
                error: error instanceof Error ? error.message : String(error),
              }),
          )
          .finally(() => {
            reloading = undefined;
          });
      }
      await reloading;
      return isOriginVerified(presented, tokens);
    },
  };
}

/**
 * One verifier per function's settings: the telephony function's apps and its direct first-ring path share
 * its tokens and its re-reads of the secret instead of each holding and re-reading its own.
 */
const verifiersBySettings = new WeakMap<NonNullable<AppConfig['originVerify']>, OriginVerifier>();

/** The verifier of a deployed HTTP function (config.originVerify); none locally and in tests. */
export function originVerifierFor(
  config: Pick<AppConfig, 'originVerify' | 'region'>,
  options: { logger?: Logger; client?: SecretsManagerClient } = {},
): OriginVerifier | undefined {
  const settings = config.originVerify;
  if (!settings) return undefined;
  // A verifier given its own client (the tests' fake Secrets Manager) is its own.
  if (options.client) return newOriginVerifier(config, settings, options);
  let verifier = verifiersBySettings.get(settings);
  if (!verifier) verifiersBySettings.set(settings, (verifier = newOriginVerifier(config, settings, options)));
  return verifier;
}

function newOriginVerifier(
  config: Pick<AppConfig, 'region'>,
  settings: NonNullable<AppConfig['originVerify']>,
  options: { logger?: Logger; client?: SecretsManagerClient },
): OriginVerifier {
  const { secretArn } = settings;
  let client = options.client;
  return createOriginVerifier({
    tokens: settings.tokens,
    logger: options.logger,
    reload: secretArn
      ? async () => {
          client ??= await newSecretsClient(config.region);
          const { current, previous } = await readOriginVerifyTokens(client, secretArn);
          return previous ? [current, previous] : [current];
        }
      : undefined,
  });
}

/**
 * In AWS the HTTP API is reached only through its CloudFront distribution, where the WAF is: CloudFront adds
 * the stage's origin-verify secret as a header, and a request without it (someone calling the execute-api
 * URL directly) gets 403 before any route runs. Two values are accepted, the current and the previous one,
 * so the secret can be rotated without a failed request (docs/deploy.md "Rotating the origin-verify
 * secret"). Locally and in tests (no token) nothing is checked; a deployed HTTP function cannot start
 * without the token (lambda-init.ts).
 */
export const requireOriginVerify =
  (verifier: OriginVerifier | undefined): MiddlewareHandler =>
  async (c, next) => {
    if (verifier && !(await verifier.accepts(c.req.header(ORIGIN_VERIFY_HEADER)))) {
      throw forbidden("Requests must come through the API's public URL");
    }
    await next();
  };
