import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { preloadDependencies, screenChunkList } from './bundle-chunks';

const chunk = (fileName: string, fields: Partial<Rollup.OutputChunk> & { css?: string[] } = {}) =>
  ({
    type: 'chunk',
    fileName,
    name: fileName.replace(/^assets\//, '').replace(/-[A-Za-z0-9]+\.js$/, ''),
    isEntry: false,
    imports: [],
    dynamicImports: [],
    viteMetadata: { importedCss: new Set(fields.css ?? []), importedAssets: new Set() },
    ...fields,
  }) as unknown as Rollup.OutputChunk;

const bundle = Object.fromEntries(
  [
    chunk('assets/index-E.js', {
      isEntry: true,
      imports: ['assets/react-R.js'],
      dynamicImports: ['assets/dashboard-page-D.js', 'assets/signed-in-shell-S.js'],
    }),
    chunk('assets/react-R.js'),
    chunk('assets/query-Q.js', { css: ['assets/query-Q.css'] }),
    chunk('assets/signed-in-shell-S.js', { imports: ['assets/react-R.js', 'assets/query-Q.js'] }),
    chunk('assets/dashboard-page-D.js', {
      imports: ['assets/react-R.js', 'assets/phone-P.js', 'assets/query-Q.js'],
      css: ['assets/dashboard-page-D.css'],
    }),
    chunk('assets/phone-P.js', { imports: ['assets/query-Q.js'] }),
  ].map((item) => [item.fileName, item]),
) as Rollup.OutputBundle;

describe('screen chunk list (issue 41 §4)', () => {
  it('lists what Vite’s helper preloads: the chunk, its imports depth first, stylesheets after their imports', () => {
    expect(preloadDependencies(bundle, 'assets/dashboard-page-D.js', 'assets/index-E.js')).toEqual([
      'assets/dashboard-page-D.js',
      'assets/react-R.js',
      'assets/phone-P.js',
      'assets/query-Q.js',
      'assets/query-Q.css',
      'assets/dashboard-page-D.css',
    ]);
  });

  it('keys each screen the entry imports by its chunk name, without what the page already links', () => {
    const page = '<script type="module" src="/assets/index-E.js"></script><link href="/assets/react-R.js">';
    expect(screenChunkList(bundle, page, '/')).toEqual({
      'dashboard-page': [
        '/assets/dashboard-page-D.js',
        '/assets/phone-P.js',
        '/assets/query-Q.js',
        '/assets/query-Q.css',
        '/assets/dashboard-page-D.css',
      ],
      'signed-in-shell': ['/assets/signed-in-shell-S.js', '/assets/query-Q.js', '/assets/query-Q.css'],
    });
  });
});
