import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_DELIVERY } from '@shared/webhooks';
import { checkUrlShape, checkedAddresses, type Resolve, type UrlPolicy } from './url-safety';

/** What one attempt came to; `responseCode` null when no HTTP answer came. */
export type PostResult = {
  ok: boolean;
  responseCode: number | null;
  latencyMs: number;
  excerpt: string | null;
  error: string | null;
};

export type WebhookPost = (url: string, headers: Record<string, string>, body: string) => Promise<PostResult>;

export const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * One delivery attempt, SSRF-safe (docs/decisions/178-outbound-webhooks.md): the URL's shape is checked
 * again (a URL stored under older rules), the connection's own DNS lookup refuses any forbidden address, so
 * the checked address is the one connected to; redirects are not followed (a 3xx is a failure: it could
 * point anywhere); the whole attempt has a short timeout; at most a small excerpt of the answer is read.
 */
export function createWebhookPost(
  policy: UrlPolicy,
  options: { resolve?: Resolve; timeoutMs?: number; now?: () => number } = {},
): WebhookPost {
  const resolve = options.resolve ?? systemResolve;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_DELIVERY.timeoutMs;
  const clock = options.now ?? (() => performance.now());

  return async (rawUrl, headers, body) => {
    const started = clock();
    const elapsed = () => Math.max(0, Math.round(clock() - started));
    const refuse = (error: string): PostResult => ({
      ok: false,
      responseCode: null,
      latencyMs: elapsed(),
      excerpt: null,
      error,
    });
    const shape = checkUrlShape(rawUrl, policy);
    if (!shape.ok) return refuse(shape.reason);
    const { url, host, allowLocal } = shape;

    // Pinning: the socket connects to what this lookup returns, and it returns only checked addresses.
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      checkedAddresses(host, allowLocal, resolve).then(
        (verdict) => {
          if (!verdict.ok) return callback(new Error(verdict.reason), '', 4);
          if (lookupOptions.all) return callback(null, verdict.addresses as never);
          const first = verdict.addresses[0]!;
          return callback(null, first.address, first.family);
        },
        (error: Error) => callback(error, '', 4),
      );
    };

    return new Promise<PostResult>((resolveResult) => {
      let settled = false;
      const finish = (result: PostResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolveResult(result);
      };
      const transport = url.protocol === 'https:' ? https : http;
      const request = transport.request(
        url,
        {
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': 'Ringly-Webhooks/1',
          },
          lookup,
          agent: false,
        },
        (response) => {
          const code = response.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let kept = 0;
          const done = () => {
            const excerpt = Buffer.concat(chunks).subarray(0, WEBHOOK_DELIVERY.responseExcerptBytes);
            finish({
              ok: code >= 200 && code < 300,
              responseCode: code,
              latencyMs: elapsed(),
              excerpt: excerpt.length ? excerpt.toString('utf8') : null,
              error:
                code >= 300 && code < 400
                  ? 'Redirects are not followed'
                  : code >= 200 && code < 300
                    ? null
                    : `HTTP ${code}`,
            });
            response.destroy();
          };
          response.on('data', (chunk: Buffer) => {
            if (kept < WEBHOOK_DELIVERY.responseExcerptBytes) {
              chunks.push(chunk);
              kept += chunk.length;
            }
            // Enough read: the rest of a large answer is never downloaded.
            if (kept >= WEBHOOK_DELIVERY.responseExcerptBytes) done();
          });
          response.on('end', done);
          response.on('error', done);
        },
      );
      const timer = setTimeout(() => {
        request.destroy(new Error(`No answer within ${timeoutMs} ms`));
      }, timeoutMs);
      request.on('error', (error) => finish(refuse(error.message)));
      request.end(body);
    });
  };
}
