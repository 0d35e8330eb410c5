import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_DELIVERY, WEBHOOK_TEXTS } from '@shared/webhooks';
import { createWebhookPost } from './http-post';
import type { UrlPolicy } from './url-safety';

/** A receiver on loopback: stands for "an internal service" (AWS mode) or the local receiver (local mode). */
let server: http.Server;
let port = 0;
const hits: string[] = [];
beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/redirect') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    } else if (request.url === '/big') {
      response.writeHead(500).end('x'.repeat(100_000));
    } else if (request.url === '/slow') {
      setTimeout(() => response.writeHead(200).end('late'), 2_000);
    } else response.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const aws: UrlPolicy = { appEnv: 'aws', localAllowedHosts: ['127.0.0.1', 'receiver.test'] };
const local: UrlPolicy = { appEnv: 'local', localAllowedHosts: ['127.0.0.1'] };
const headers = { 'webhook-id': 'evt_1' };

describe('webhook delivery attempts (SSRF at connect time)', () => {
  it('AWS mode refuses loopback and http before connecting', async () => {
    const post = createWebhookPost(aws);
    const before = hits.length;
    for (const url of [`http://127.0.0.1:${port}/`, `https://127.0.0.1:${port}/`, `https://[::1]:${port}/`]) {
      const result = await post(url, headers, '{}');
      expect(result.ok).toBe(false);
      expect(result.responseCode).toBeNull();
    }
    expect(hits.length).toBe(before);
  });

  it('refuses a name that resolves to a private address at delivery (DNS rebinding) and never connects', async () => {
    // Public when the owner saved the URL, loopback now: the connection's own lookup is checked.
    let calls = 0;
    const rebinding = async () =>
      calls++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    await rebinding(); // the save-time lookup
    const post = createWebhookPost({ appEnv: 'test', localAllowedHosts: [] }, { resolve: rebinding });
    const before = hits.length;
    const result = await post(`https://rebind.example.com:${port}/`, headers, '{}');
    expect(result).toMatchObject({ ok: false, responseCode: null, error: WEBHOOK_TEXTS.privateAddress });
    expect(hits.length).toBe(before);
    // IPv6-mapped loopback from DNS is refused the same way.
    const mapped = createWebhookPost(
      { appEnv: 'test', localAllowedHosts: [] },
      { resolve: async () => [{ address: '::ffff:127.0.0.1', family: 6 }] },
    );
    expect((await mapped(`https://mapped.example.com:${port}/`, headers, '{}')).error).toBe(
      WEBHOOK_TEXTS.privateAddress,
    );
    expect(hits.length).toBe(before);
  });

  it('does not follow redirects: a 3xx is a failure', async () => {
    const post = createWebhookPost(local);
    const before = hits.length;
    const result = await post(`http://127.0.0.1:${port}/redirect`, headers, '{}');
    expect(result).toMatchObject({ ok: false, responseCode: 302, error: 'Redirects are not followed' });
    expect(hits.slice(before)).toEqual(['/redirect']);
  });

  it('keeps only a small excerpt of the answer and times out', async () => {
    const post = createWebhookPost(local, { timeoutMs: 300 });
    const big = await post(`http://127.0.0.1:${port}/big`, headers, '{}');
    expect(big.responseCode).toBe(500);
    expect(big.excerpt!.length).toBeLessThanOrEqual(WEBHOOK_DELIVERY.responseExcerptBytes);
    const slow = await post(`http://127.0.0.1:${port}/slow`, headers, '{}');
    expect(slow).toMatchObject({ ok: false, responseCode: null });
    expect(slow.error).toContain('300 ms');
    const ok = await post(`http://127.0.0.1:${port}/fine`, headers, '{}');
    expect(ok).toMatchObject({ ok: true, responseCode: 200, excerpt: 'ok', error: null });
  });
});
