import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staticGraph } from '../../../tests/support/static-import-graph';

const config = {
  apiUrl: 'http://api.test',
  cognito: { userPoolId: 'local_X', userPoolClientId: 'client-1', authFlowType: 'USER_PASSWORD_AUTH' },
  oauthEnabled: false,
};

const sdk = vi.hoisted(() => ({ configureAmplify: vi.fn(), Hub: { listen: vi.fn() } }));
vi.mock('./amplify-sdk', () => sdk);

async function freshLoader() {
  vi.resetModules();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(config))),
  );
  return import('./amplify');
}

describe('the identity SDK loads on first use', () => {
  beforeEach(() => sdk.configureAmplify.mockReset());
  afterEach(() => vi.unstubAllGlobals());

  it('is configured once, with the runtime config, however many callers ask', async () => {
    const { loadAmplify } = await freshLoader();
    const [first, second] = await Promise.all([loadAmplify(), loadAmplify()]);
    expect(first).toBe(second);
    await loadAmplify();
    expect(sdk.configureAmplify).toHaveBeenCalledTimes(1);
    expect(sdk.configureAmplify).toHaveBeenCalledWith(config);
  });

  it('tells a waiting listener when something loads it, without loading it itself', async () => {
    const { loadAmplify, whenAmplifyLoaded } = await freshLoader();
    const waiting = vi.fn();
    const cancelled = vi.fn();
    whenAmplifyLoaded(waiting);
    whenAmplifyLoaded(cancelled)();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(waiting).not.toHaveBeenCalled();
    expect(sdk.configureAmplify).not.toHaveBeenCalled();

    await loadAmplify();
    expect(waiting).toHaveBeenCalledTimes(1);
    expect(waiting.mock.calls[0]![0]).toHaveProperty('Hub');
    expect(cancelled).not.toHaveBeenCalled();
    // Once loaded, a new listener runs at once.
    const late = vi.fn();
    whenAmplifyLoaded(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});

describe('account screens reach the identity SDK only through the loader', () => {
  const graph = staticGraph([
    'frontend/src/main.tsx',
    'frontend/src/app/signed-in-shell.tsx',
    'frontend/src/features/auth/components/protected-route.tsx',
    'frontend/src/features/dashboard/components/dashboard-page.tsx',
    'frontend/src/features/setup/components/setup-page.tsx',
    'frontend/src/features/plans/components/plans-page.tsx',
    'frontend/src/features/auth/components/login-page.tsx',
    'frontend/src/features/auth/components/signup-page.tsx',
  ]);

  it('walks the real graph (the API client and the auth state are in it)', () => {
    expect(graph.files).toContain('frontend/src/lib/api-client.ts');
    expect(graph.files).toContain('frontend/src/features/auth/hooks/auth-context.tsx');
  });

  it('imports no Amplify package statically: a first paint never waits for the SDK', () => {
    expect([...graph.packages].filter((name) => /amplify/.test(name))).toEqual([]);
    expect(graph.files).not.toContain('frontend/src/lib/amplify-sdk.ts');
  });
});
