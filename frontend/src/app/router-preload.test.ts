import { beforeEach, describe, expect, it, vi } from 'vitest';

// The screens' modules are not loaded here: every lazy screen is a stub whose preload is counted.
const preloads = vi.hoisted(() => [] as string[]);
const configFetches = vi.hoisted(() => ({ count: 0 }));
const shown = vi.hoisted(() => ({ paint: () => {}, task: () => {} }));
// The files are linked when `done` is called; a chunk named in `heldStyles` waits for its stylesheet.
const requested = vi.hoisted(() => ({
  chunks: [] as string[][],
  done: () => {},
  heldStyles: new Set<string>(),
  releaseStyles: () => {},
}));
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
  afterPaintShown: () => new Promise<void>((resolve) => (shown.paint = resolve)),
  nextTask: () => new Promise<void>((resolve) => (shown.task = resolve)),
  requestScreenChunks: (chunks: string[]) => {
    requested.chunks.push(chunks);
    const stylesLoaded = new Promise<void>((resolve) => (requested.releaseStyles = resolve));
    const ready = (chunk: string) => (requested.heldStyles.has(chunk) ? stylesLoaded : Promise.resolve());
    return new Promise<(chunk: string) => Promise<void>>(
      (resolve) => (requested.done = () => resolve(ready)),
    );
  },
}));

const { preloadAccountScreen } = await import('./router');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('preloadAccountScreen (issue 41 §4)', () => {
  beforeEach(() => {
    preloads.length = 0;
    configFetches.count = 0;
    requested.chunks.length = 0;
    requested.heldStyles.clear();
  });

  it('after the remembered screen shows, starts config.json and the files, then the imports', async () => {
    const arrived = preloadAccountScreen('/dashboard', true);

    // Nothing requested before the painting shows: Lighthouse would put it on that paint's path.
    await settle();
    expect(configFetches.count).toBe(0);
    expect(requested.chunks).toHaveLength(0);

    shown.paint();
    await settle();
    expect(configFetches.count).toBe(1);
    // Named as the build names the chunks: the keys of index.html's list.
    expect(requested.chunks).toEqual([['signed-in-shell', 'protected-route', 'dashboard-page']]);
    // The imports wait until every file is linked, so Vite's helper finds them and starts nothing itself.
    expect(preloads).toHaveLength(0);

    requested.done();
    await arrived;
    expect(preloads).toHaveLength(3);
  });

  it('without a painting, starts config.json at once and the files in the next task', async () => {
    const arrived = preloadAccountScreen('/setup', false);

    expect(configFetches.count).toBe(1);
    await settle();
    expect(requested.chunks).toHaveLength(0);

    shown.task();
    await settle();
    expect(configFetches.count).toBe(1);
    expect(requested.chunks).toEqual([['signed-in-shell', 'protected-route', 'setup-page']]);
    requested.done();
    await arrived;
    expect(preloads).toHaveLength(3);
  });

  it("runs each import once its own stylesheets have loaded: the shell and guard don't wait for the screen's", async () => {
    requested.heldStyles.add('dashboard-page');
    const arrived = preloadAccountScreen('/dashboard', false);
    shown.task();
    await settle();
    requested.done();
    await settle();
    // The shell and the guard (which starts the owner's config read) are imported; the dashboard waits.
    expect(preloads).toHaveLength(2);
    requested.releaseStyles();
    await arrived;
    expect(preloads).toHaveLength(3);
  });

  it('does nothing for a public page', () => {
    expect(preloadAccountScreen('/')).toBeUndefined();
    expect(configFetches.count).toBe(0);
  });
});
