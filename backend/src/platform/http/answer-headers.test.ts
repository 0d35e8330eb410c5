import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { answerJson, SECURITY_HEADERS, withAnswerHeaders } from './answer-headers';

const APP_ORIGIN = 'https://app.example.com';
const headersOf = (response: Response) => Object.fromEntries(response.headers.entries());

function app() {
  const hono = withAnswerHeaders(new Hono(), { allowedOrigins: [APP_ORIGIN] });
  hono.get('/json', (c) => c.json({ ok: true, n: 1 }));
  hono.get('/fast', (c) => answerJson(c, { ok: true, n: 1 }));
  hono.get('/page', (c) => c.html('<p>hi</p>'));
  hono.get('/fails', () => {
    throw new Error('boom');
  });
  return hono;
}

describe('withAnswerHeaders', () => {
  it("sets the same security headers as Hono's secureHeaders() defaults, which it replaces", async () => {
    const hono = new Hono();
    hono.use('*', secureHeaders());
    hono.get('/', (c) => c.json({}));
    const expected = headersOf(await hono.request('/'));
    delete expected['content-type'];
    const lower = Object.fromEntries(Object.entries(SECURITY_HEADERS).map(([k, v]) => [k.toLowerCase(), v]));
    expect(lower).toEqual(expected);
  });

  it('answers with answerJson exactly what c.json gets after the route, for every kind of request', async () => {
    const requests: Array<Record<string, string>> = [
      {},
      { Origin: APP_ORIGIN, Authorization: 'Bearer x', 'X-Request-Id': 'fixed-id-123' },
      { Origin: 'https://evil.example', 'X-Request-Id': 'fixed-id-456' },
    ];
    for (const headers of requests) {
      const [slow, fast] = [
        await app().request('/json', { headers }),
        await app().request('/fast', { headers }),
      ];
      const [slowHeaders, fastHeaders] = [headersOf(slow), headersOf(fast)];
      if (!headers['X-Request-Id']) {
        expect(fastHeaders['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        delete slowHeaders['x-request-id'];
        delete fastHeaders['x-request-id'];
      }
      expect(fastHeaders).toEqual(slowHeaders);
      expect(fast.status).toBe(slow.status);
      expect(await fast.text()).toBe(await slow.text());
    }
    const signedIn = await app().request('/fast', { headers: requests[1] });
    expect(signedIn.headers.get('Cache-Control')).toBe('no-store');
    expect(signedIn.headers.get('Access-Control-Allow-Origin')).toBe(APP_ORIGIN);
    expect(signedIn.headers.get('Vary')).toBe('Origin');
    expect(signedIn.headers.get('X-Request-Id')).toBe('fixed-id-123');
  });

  it('puts the headers on errors too, and a CSP on HTML pages only', async () => {
    const failed = await app().request('/fails', { headers: { Authorization: 'Bearer x' } });
    expect(failed.status).toBe(500);
    expect(failed.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(failed.headers.get('Cache-Control')).toBe('no-store');
    expect(failed.headers.get('X-Request-Id')).toBeTruthy();
    const page = await app().request('/page');
    expect(page.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect((await app().request('/json')).headers.get('Content-Security-Policy')).toBeNull();
    expect((await app().request('/fast')).headers.get('Content-Security-Policy')).toBeNull();
  });

  it('refuses answerJson in an app without withAnswerHeaders (its headers would be missing)', async () => {
    const bare = new Hono();
    bare.get('/fast', (c) => answerJson(c, {}));
    expect((await bare.request('/fast')).status).toBe(500);
  });
});
