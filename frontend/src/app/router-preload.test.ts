import { beforeEach, describe, expect, it, vi } from 'vitest';

// The screens' modules are not loaded here: every lazy screen is a stub whose preload is counted.
const preloads = vi.hoisted(() => [] as string[]);
const configFetches = vi.hoisted(() => ({ count: 0 }));
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

const { preloadAccountScreen } = await import('./router');

describe('preloadAccountScreen (issue 41 §4)', () => {
  beforeEach(() => {
    preloads.length = 0;
    configFetches.count = 0;
  });

  it('starts config.json at once and the screen chunks in a task of their own', async () => {
    const arrived = preloadAccountScreen('/dashboard');

    expect(configFetches.count).toBe(1);
    // Nothing requested in the entry's own task: the helper's <link>s would lengthen its longest task.
    expect(preloads).toHaveLength(0);
    await arrived;
    // The signed-in shell, the guard and the dashboard.
    expect(preloads).toHaveLength(3);
  });

  it('does nothing for a public page', () => {
    expect(preloadAccountScreen('/')).toBeUndefined();
    expect(configFetches.count).toBe(0);
  });
});
