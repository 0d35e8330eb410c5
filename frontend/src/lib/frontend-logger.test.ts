import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FRONTEND_LOG_PATH } from '@shared/frontend-log-event';
import { logFrontendEvent } from './frontend-logger';
import { loadRuntimeConfig } from './runtime-config';

const config = {
  apiUrl: 'http://api.test',
  cognito: { userPoolId: 'local_X', userPoolClientId: 'c', authFlowType: 'USER_PASSWORD_AUTH' },
  oauthEnabled: false,
};

/**
 * The logger asks for the bearer token first, which loads the identity SDK on first use
 * (docs/decisions/155-identity-sdk-on-first-use.md): on a loaded 2-core machine that import alone can take
 * longer than waitFor's 1 s default, and the test then failed without anything being wrong.
 */
const WAIT_FOR_LAZY_SCHEMA = { timeout: 10_000 };

describe('logFrontendEvent', () => {
  beforeAll(async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(config))),
    );
    await loadRuntimeConfig();
  });
  afterEach(() => vi.restoreAllMocks());

  it('posts the event with a timestamp to the backend endpoint', async () => {
    const fetchMock = vi.fn(async () => new Response('{"accepted":true}', { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    logFrontendEvent({ event_type: 'user_login', login_method: 'email_password' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled(), WAIT_FOR_LAZY_SCHEMA);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`http://api.test${FRONTEND_LOG_PATH}`);
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({ event_type: 'user_login', login_method: 'email_password' });
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  });

  it('never throws when the backend is unreachable: it only warns', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('network down'))),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => logFrontendEvent({ event_type: 'user_logout' })).not.toThrow();
    await vi.waitFor(
      () => expect(warn).toHaveBeenCalledWith('Frontend log event not recorded', expect.any(TypeError)),
      WAIT_FOR_LAZY_SCHEMA,
    );
  });

  it('warns on a refused event (e.g. rate limited)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 429 })),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    logFrontendEvent({ event_type: 'frontend_auth' });
    await vi.waitFor(
      () => expect(warn).toHaveBeenCalledWith('Frontend log event not recorded (429)'),
      WAIT_FOR_LAZY_SCHEMA,
    );
  });
});
