import { describe, expect, it } from 'vitest';
import { LIGHTHOUSE_PAGES, lighthousePagesNamed } from './lighthouse';

describe('lighthousePagesNamed (BENCH_LIGHTHOUSE_PAGES)', () => {
  it('keeps the named pages in the usual order', () => {
    expect(lighthousePagesNamed(['dashboard', 'plans']).map((page) => page.name)).toEqual([
      'plans',
      'dashboard',
    ]);
  });

  it('refuses a name that is not a page, listing the real ones', () => {
    expect(() => lighthousePagesNamed(['dashbord'])).toThrow(
      `BENCH_LIGHTHOUSE_PAGES: no page named dashbord (pages: ${LIGHTHOUSE_PAGES.map((p) => p.name).join(', ')})`,
    );
  });
});
