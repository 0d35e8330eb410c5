import { beforeEach, describe, expect, it, vi } from 'vitest';

// The screens' modules are not loaded here: every lazy screen is a stub whose preload is counted.
const preloads = vi.hoisted(() => [] as string[]);
const configFetches = vi.hoisted(() => ({ count: 0 }));
const frame = vi.hoisted(() => ({ draw: () => {} }));
const requested = vi.hoisted(() => ({ chunks: [] as string[][], done: () => {} }));
vi.mock('./preloadable-lazy', () => ({
  preloadableLazy: (load: () => Promise<unknown>) =>
    Object.assign(() => null, {
      preload: () => {
        preloads.push(load.toString());
        return Promise.resolve();
      },
    }),
}));
vi.mock('../lib/runtime-config-early', () => ({
  fetchRuntimeConfigEarly: () => {
    configFetches.count += 1;
  },
}));
vi.mock('./screen-chunk-requests', () => ({
  afterFirstFrame: () => new Promise<void>((resolve) => (frame.draw = resolve)),
  requestScreenChunks: (chunks: string[]) => {
    requested.chunks.push(chunks);
    return new Promise<void>((resolve) => (requested.done = resolve));
  },
}));

const { preloadAccountScreen } = await import('./router');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('preloadAccountScreen (issue 41 §4)', () => {
  beforeEach(() => {
    preloads.length = 0;
    configFetches.count = 0;
    requested.chunks.length = 0;
  });

  it('starts config.json at once, the screen’s files after the first frame, its imports once they are linked', async () => {
    const arrived = preloadAccountScreen('/dashboard');

    expect(configFetches.count).toBe(1);
    // Nothing requested before the frame: Lighthouse would count it in the first paint.
    await settle();
    expect(requested.chunks).toHaveLength(0);
    expect(preloads).toHaveLength(0);

    frame.draw();
    await settle();
    // Named as the build names the chunks: the keys of index.html's list.
    expect(requested.chunks).toEqual([['signed-in-shell', 'protected-route', 'dashboard-page']]);
    // The imports wait until every file is linked, so Vite's helper finds them and starts nothing itself.
    expect(preloads).toHaveLength(0);

    requested.done();
    await arrived;
    expect(preloads).toHaveLength(3);
  });

  it('does nothing for a public page', () => {
    expect(preloadAccountScreen('/')).toBeUndefined();
    expect(configFetches.count).toBe(0);
  });
});
