import { describe, expect, it } from 'vitest';
import { staticGraph } from '../../../../tests/support/static-import-graph';

/**
 * The landing page's JavaScript budget (issue 16 §5, docs/decisions/092) is kept by what its static import
 * graph leaves out: zod, the API client and Amplify load only when a visitor acts. One texts constant from a
 * module that also held zod schemas once pulled 27 KB gzip back in without any test noticing; this walks the
 * graph from the entry and the landing route so such an import fails here, not weeks later in the bench.
 */
describe('the landing page loads no more than it shows', () => {
  const graph = staticGraph([
    'frontend/src/main.tsx',
    'frontend/src/features/landing/components/landing-page.tsx',
  ]);

  it('walks the real graph (React and the landing sections are in it)', () => {
    expect(graph.packages).toContain('react');
    expect(graph.files).toContain('frontend/src/features/landing/components/hero-section.tsx');
  });

  it('reaches neither zod, Amplify nor the API client statically', () => {
    expect(
      [...graph.packages].filter((name) => ['zod', 'aws-amplify', '@aws-amplify/core'].includes(name)),
    ).toEqual([]);
    expect(graph.files.filter((file) => /lib\/api-client|\/schemas\//.test(file))).toEqual([]);
  });
});
