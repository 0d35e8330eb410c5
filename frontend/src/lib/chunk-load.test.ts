import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_TIMINGS } from '@shared/client-timings';
import { ChunkLoadError, isChunkLoadFailure, onDemand, withChunkTimeout } from './chunk-load';

describe('withChunkTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it('fails with ChunkLoadError once the spec’s 120 s pass without the chunk', async () => {
    vi.useFakeTimers();
    const load = withChunkTimeout('dashboard-page', () => new Promise<never>(() => {}));
    const outcome = load().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CLIENT_TIMINGS.chunkLoadTimeoutMs - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).name).toBe('ChunkLoadError');
    expect((error as Error).message).toBe('Loading chunk dashboard-page failed. (timeout: 120 s)');
    expect(CLIENT_TIMINGS.chunkLoadTimeoutMs).toBe(120_000);
  });

  it('passes a chunk that arrives in time through, and a failed import through as a chunk failure', async () => {
    const module = { default: 'page' };
    await expect(withChunkTimeout('a', () => Promise.resolve(module))()).resolves.toBe(module);
    const failed = await withChunkTimeout('b', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/b.js')),
    )().catch((error: unknown) => error);
    expect(isChunkLoadFailure(failed)).toBe(true);
    expect(isChunkLoadFailure(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('onDemand', () => {
  it('loads the module once, however often it is asked for or preloaded', async () => {
    let loads = 0;
    const module = onDemand('forms', async () => ({ loaded: ++loads }));
    module.preload();
    const [first, second] = await Promise.all([module.get(), module.get()]);
    expect(first).toEqual({ loaded: 1 });
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('forgets a failed load, so the next use tries again', async () => {
    let loads = 0;
    const module = onDemand('forms', async () => {
      if (++loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return { loaded: loads };
    });
    await expect(module.get()).rejects.toThrow('dynamically imported module');
    await expect(module.get()).resolves.toEqual({ loaded: 2 });
  });

  it('getOr hands a failed load’s message to the form and resolves nothing; a loaded module is returned', async () => {
    const reported: string[] = [];
    const failing = onDemand('forms', () => Promise.reject(new Error('Loading chunk forms failed.')));
    await expect(failing.getOr((message) => reported.push(message))).resolves.toBeUndefined();
    expect(reported).toEqual(['Loading chunk forms failed.']);

    const loading = onDemand('forms', async () => ({ check: 'ok' }));
    await expect(loading.getOr((message) => reported.push(message))).resolves.toEqual({ check: 'ok' });
    expect(reported).toHaveLength(1);
  });
});
