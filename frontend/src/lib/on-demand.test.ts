import { describe, expect, it } from 'vitest';
import { onDemand } from './on-demand';

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
});
