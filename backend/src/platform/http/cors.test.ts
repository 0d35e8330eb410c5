import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { withAnswerHeaders } from './answer-headers';
import { corsPreflight } from './cors';

const APP_ORIGIN = 'https://app.example.com';

function app() {
  const hono = new Hono();
  hono.onError((error, c) =>
    c.json({ error: error.message }, error instanceof HTTPException ? error.status : 500),
  );
  const allowedOrigins = [APP_ORIGIN, 'http://localhost:5173'];
  // As app-core.ts registers them.
  hono.on('OPTIONS', '*', corsPreflight(allowedOrigins));
  hono.get('/ok', (c) => c.json({ ok: true }));
  hono.get('/fails', () => {
    throw new HTTPException(403, { message: 'no' });
  });
  hono.get('/varies', (c) => {
    c.header('Vary', 'Accept-Encoding', { append: true });
    return c.text('x');
  });
  hono.get('/raw', () => new Response('raw', { headers: { 'Content-Type': 'text/plain' } }));
  return withAnswerHeaders(hono, { allowedOrigins });
}

describe('CORS (withAnswerHeaders and corsPreflight)', () => {
  it("allows the app's origins only, and always varies by origin", async () => {
    const allowed = await app().request('/ok', { headers: { Origin: APP_ORIGIN } });
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe(APP_ORIGIN);
    expect(allowed.headers.get('Vary')).toBe('Origin');
    // A download's name (Content-Disposition) is readable by the app's script, by nobody else's.
    expect(allowed.headers.get('Access-Control-Expose-Headers')).toBe('Content-Disposition');
    expect(await allowed.json()).toEqual({ ok: true });

    for (const origin of ['https://evil.example', 'null', undefined]) {
      const other = await app().request('/ok', { headers: origin ? { Origin: origin } : {} });
      expect(other.headers.get('Access-Control-Allow-Origin'), origin).toBeNull();
      expect(other.headers.get('Access-Control-Expose-Headers'), origin).toBeNull();
      expect(other.headers.get('Vary')).toBe('Origin');
    }
  });

  it('keeps its headers on error answers, on responses built by hand, and beside a route’s own Vary', async () => {
    const failed = await app().request('/fails', { headers: { Origin: APP_ORIGIN } });
    expect(failed.status).toBe(403);
    expect(failed.headers.get('Access-Control-Allow-Origin')).toBe(APP_ORIGIN);

    const raw = await app().request('/raw', { headers: { Origin: APP_ORIGIN } });
    expect(await raw.text()).toBe('raw');
    expect(raw.headers.get('Access-Control-Allow-Origin')).toBe(APP_ORIGIN);
    expect(raw.headers.get('Vary')).toBe('Origin');

    const varies = await app().request('/varies', { headers: { Origin: APP_ORIGIN } });
    expect(varies.headers.get('Vary')).toBe('Accept-Encoding, Origin');
  });

  it('answers preflights for allowed origins with the methods, headers and max age', async () => {
    const preflight = (origin: string) =>
      app().request('/ok', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
    const allowed = await preflight(APP_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe(APP_ORIGIN);
    expect(allowed.headers.get('Access-Control-Allow-Methods')).toBe('GET,POST,PUT,DELETE,OPTIONS');
    expect(allowed.headers.get('Access-Control-Allow-Headers')).toBe('Authorization,Content-Type');
    expect(allowed.headers.get('Access-Control-Max-Age')).toBe('7200');

    const refused = await preflight('https://evil.example');
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
