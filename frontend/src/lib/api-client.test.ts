import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_TIMINGS } from '@shared/client-timings';

const config = {
  apiUrl: 'http://api.test',
  cognito: { userPoolId: 'local_X', userPoolClientId: 'client-1', authFlowType: 'USER_PASSWORD_AUTH' },
  oauthEnabled: false,
};

// The identity SDK as lib/amplify.ts loads it: only fetchAuthSession matters to the API client.
const sdk = vi.hoisted(() => ({
  configureAmplify: vi.fn(),
  fetchAuthSession: vi.fn(),
  Hub: { listen: vi.fn(() => () => undefined) },
}));
vi.mock('./amplify-sdk', () => sdk);

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const idToken = (name: string, expiresInMs: number) =>
  `${base64url({ alg: 'none' })}.${base64url({ sub: 'owner-1', name, exp: Math.floor((Date.now() + expiresInMs) / 1000) })}.sig`;

/** Amplify's localStorage layout for the signed-in owner (lib/stored-session.ts). */
function storeSession(token: string) {
  const items = new Map<string, string>([
    ['CognitoIdentityServiceProvider.client-1.LastAuthUser', 'owner-1'],
    ['CognitoIdentityServiceProvider.client-1.owner-1.idToken', token],
  ]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
}

const sdkSession = (token: string | undefined) => ({
  tokens: token ? { idToken: { toString: () => token } } : undefined,
});

/** Fresh modules (the runtime config and the SDK loader keep state), with config.json then `api` answering. */
async function freshClient(api: (url: string, init: RequestInit) => Response) {
  vi.resetModules();
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) =>
    url === '/config.json' ? new Response(JSON.stringify(config)) : api(url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = await import('./api-client');
  const apiCalls = () =>
    fetchMock.mock.calls
      .filter(([url]) => url !== '/config.json')
      .map(([url, init]) => ({ url, authorization: new Headers(init?.headers).get('Authorization') }));
  return { ...client, apiCalls };
}

describe('the API client signs calls with the stored token, and the identity SDK only when needed', () => {
  beforeEach(() => {
    sdk.fetchAuthSession.mockReset();
    sdk.configureAmplify.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends an unexpired stored ID token as it is, without loading the SDK', async () => {
    const token = idToken('stored', 3_600_000);
    storeSession(token);
    const { apiRequest, apiCalls } = await freshClient(() => Response.json({ ok: true }));
    await expect(apiRequest('/things', { action: 'load things' })).resolves.toEqual({ ok: true });
    expect(apiCalls()).toEqual([{ url: 'http://api.test/things', authorization: `Bearer ${token}` }]);
    expect(sdk.configureAmplify).not.toHaveBeenCalled();
    expect(sdk.fetchAuthSession).not.toHaveBeenCalled();
  });

  it('asks the SDK (configured for this deployment) for a token within the refresh margin of its expiry', async () => {
    storeSession(idToken('old', CLIENT_TIMINGS.tokenRefreshMarginMs / 2));
    const refreshed = idToken('refreshed', 3_600_000);
    sdk.fetchAuthSession.mockResolvedValue(sdkSession(refreshed));
    const { apiRequest, apiCalls } = await freshClient(() => Response.json({ ok: true }));
    await apiRequest('/things', { action: 'load things' });
    expect(sdk.configureAmplify).toHaveBeenCalledWith(config);
    expect(sdk.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: false });
    expect(apiCalls()).toEqual([{ url: 'http://api.test/things', authorization: `Bearer ${refreshed}` }]);
  });

  it('retries once with a refreshed token when the API refuses a stored one', async () => {
    const stored = idToken('stored', 3_600_000);
    const refreshed = idToken('refreshed', 3_600_000);
    storeSession(stored);
    sdk.fetchAuthSession.mockResolvedValue(sdkSession(refreshed));
    const { apiRequest, apiCalls } = await freshClient((_url, init) =>
      new Headers(init.headers).get('Authorization') === `Bearer ${refreshed}`
        ? Response.json({ saved: true })
        : Response.json({ error: 'unauthorized' }, { status: 401 }),
    );
    await expect(apiRequest('/things', { method: 'POST', body: {}, action: 'save' })).resolves.toEqual({
      saved: true,
    });
    expect(sdk.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(apiCalls().map((call) => call.authorization)).toEqual([`Bearer ${stored}`, `Bearer ${refreshed}`]);
  });

  it("keeps the spec's sign-in-again error when no fresher token exists", async () => {
    storeSession(idToken('stored', 3_600_000));
    sdk.fetchAuthSession.mockRejectedValue(new Error('refresh token revoked'));
    const { apiRequest, apiCalls } = await freshClient(() =>
      Response.json({ error: 'unauthorized' }, { status: 401 }),
    );
    await expect(apiRequest('/things', { action: 'load things' })).rejects.toMatchObject({
      status: 401,
      message: 'Please sign in again to load things',
    });
    expect(apiCalls()).toHaveLength(1);
  });

  it("answers 'Authentication required' without calling the API when signed out", async () => {
    vi.stubGlobal('localStorage', { getItem: () => null });
    sdk.fetchAuthSession.mockResolvedValue(sdkSession(undefined));
    const { apiRequest, apiCalls } = await freshClient(() => Response.json({}));
    await expect(apiRequest('/things', { action: 'load things' })).rejects.toMatchObject({
      status: 401,
      message: 'Authentication required',
    });
    expect(apiCalls()).toEqual([]);
  });
});

describe('an answer parsed with its shared schema', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves with the schema’s output (the phone list in any shape the spec allows)', async () => {
    storeSession(idToken('stored', 3_600_000));
    const { availablePhoneNumbersAnswerSchema } = await import('@shared/schemas/phone-number-search');
    const { apiRequest } = await freshClient(() =>
      Response.json({ phone_numbers: [{ number: '+14155550100' }, { number: '' }] }),
    );
    await expect(
      apiRequest('/numbers', {
        action: 'load phone numbers',
        parse: async () => availablePhoneNumbersAnswerSchema,
      }),
    ).resolves.toEqual([{ phone_number: '+14155550100', friendly_name: '+14155550100' }]);
  });

  it('fails like the call, naming the field, when a 2xx answer breaks the contract', async () => {
    storeSession(idToken('stored', 3_600_000));
    const { storedObjectiveSchema } = await import('@shared/schemas/objective');
    const { apiRequest } = await freshClient(() => Response.json({ goal: 'no id' }));
    await expect(
      apiRequest('/objective', { action: 'load objective', parse: async () => storedObjectiveSchema }),
    ).rejects.toMatchObject({
      status: 200,
      message: 'Failed to load objective (200)',
      serverError: 'unexpected_response',
      details: expect.arrayContaining([expect.objectContaining({ path: 'id' })]),
    });
  });
});
