import { afterEach, describe, expect, it, vi } from 'vitest';

const API = 'http://api.test';
const PATH = '/oauth/users/u-1/config?if_missing=null';

/** A fresh copy of the module: it keeps the reads in module state. */
async function freshReads() {
  vi.resetModules();
  return import('./early-api-reads');
}

describe('early API reads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks once with the token, and hands the answer to the first identical request only', async () => {
    const fetchMock = vi.fn(async () => new Response('{"business_name":"Bella"}'));
    vi.stubGlobal('fetch', fetchMock);
    const { startEarlyReads, takeEarlyRead } = await freshReads();
    startEarlyReads(API, 'token-a', [PATH]);
    startEarlyReads(API, 'token-a', [PATH]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(`${API}${PATH}`, {
      headers: { Accept: 'application/json', Authorization: 'Bearer token-a' },
    });
    expect(await takeEarlyRead('/oauth/subscription/status', 'token-a')).toBeUndefined();
    const taken = await takeEarlyRead(PATH, 'token-a');
    expect(await taken?.json()).toEqual({ business_name: 'Bella' });
    expect(await takeEarlyRead(PATH, 'token-a')).toBeUndefined();
  });

  it('is not handed to a request made with another token', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    const { startEarlyReads, takeEarlyRead } = await freshReads();
    startEarlyReads(API, 'token-a', [PATH]);
    expect(await takeEarlyRead(PATH, 'token-b')).toBeUndefined();
  });

  it('leaves a failed or refused read to the request itself', async () => {
    const answers = [
      Promise.reject(new TypeError('network')),
      Promise.resolve(new Response('', { status: 401 })),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answers.shift()!),
    );
    const { startEarlyReads, takeEarlyRead } = await freshReads();
    startEarlyReads(API, 'token-a', [PATH, '/oauth/subscription/status']);
    expect(await takeEarlyRead(PATH, 'token-a')).toBeUndefined();
    expect(await takeEarlyRead('/oauth/subscription/status', 'token-a')).toBeUndefined();
  });

  it('drops a read the screen did not ask for in time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const { EARLY_READ_MAX_AGE_MS, startEarlyReads, takeEarlyRead } = await freshReads();
    startEarlyReads(API, 'token-a', [PATH]);
    now.mockReturnValue(1_000 + EARLY_READ_MAX_AGE_MS + 1);
    expect(await takeEarlyRead(PATH, 'token-a')).toBeUndefined();
  });
});
