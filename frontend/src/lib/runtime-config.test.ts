import { afterEach, describe, expect, it, vi } from 'vitest';

const config = {
  apiUrl: 'http://api.test',
  cognito: { userPoolId: 'local_X', userPoolClientId: 'c', authFlowType: 'USER_PASSWORD_AUTH' },
  oauthEnabled: false,
};

/** A fresh copy of the module: it keeps the loaded config (and the pending load) in module state. */
async function freshLoader() {
  vi.resetModules();
  // Imported after the reset with the loader, so the error class is the one the loader throws.
  const [loader, errors] = await Promise.all([import('./runtime-config'), import('./runtime-config-error')]);
  return { ...loader, RuntimeConfigError: errors.RuntimeConfigError };
}

describe('loadRuntimeConfig', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches /config.json once however many callers ask, then reads it synchronously', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(config)));
    vi.stubGlobal('fetch', fetchMock);
    const { loadRuntimeConfig, runtimeConfig } = await freshLoader();
    expect(() => runtimeConfig()).toThrow('Runtime config read before it was loaded');
    const [first, second] = await Promise.all([loadRuntimeConfig(), loadRuntimeConfig()]);
    expect(first).toEqual(config);
    expect(second).toBe(first);
    expect(await loadRuntimeConfig()).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(runtimeConfig().apiUrl).toBe('http://api.test');
  });

  it('fails with RuntimeConfigError on a failed response or an invalid config, and fetches again next time', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('{}', { status: 503 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ ...config, apiUrl: 'not a url' })))
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(new Response(JSON.stringify(config)));
    vi.stubGlobal('fetch', fetchMock);
    const { loadRuntimeConfig, RuntimeConfigError } = await freshLoader();
    const failed = await loadRuntimeConfig().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(RuntimeConfigError);
    expect((failed as Error).message).toBe('Could not load /config.json (503)');
    await expect(loadRuntimeConfig()).rejects.toThrow('/config.json is not valid');
    await expect(loadRuntimeConfig()).rejects.toThrow('Could not load /config.json');
    await expect(loadRuntimeConfig()).resolves.toEqual(config);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
