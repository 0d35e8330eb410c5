import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { SCREEN_CHUNK_LIST_ID, SPA_SHELL_PAGE } from '../../shared/site-files.ts';
import { screenChunkList } from './bundle-chunks.ts';

/**
 * Writes into index.html, as a JSON block, the files each screen's dynamic import preloads (issue 41 §4,
 * docs/decisions/188). Vite's preload helper starts them all in one task, about 40 `<link>`s for the
 * dashboard at roughly 0.4 ms of main thread each; with the list the entry starts them itself, a few per
 * task and, when it has painted a remembered screen, once that painting shows (app/screen-chunk-requests.ts);
 * the helper then finds them already linked. The account shell's files are in it too (signed-in-shell,
 * protected-route): index.html no longer links them, as a file the page links is one that ends before the
 * first paint, on that paint's simulated path. About 0.6 KB gzip of file names on the account pages; runs
 * after prerender-landing, so the landing page does not carry it.
 */
export function listScreenChunks(): Plugin {
  let base = '/';
  return {
    name: 'screen-chunk-list',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      handler(options, bundle) {
        const file = path.join(options.dir!, SPA_SHELL_PAGE);
        const page = readFileSync(file, 'utf8');
        // File names hold no `<`; escaped anyway so the block can never close its script element.
        const json = JSON.stringify(screenChunkList(bundle, page, base)).replaceAll('<', '\\u003c');
        const block = `    <script type="application/json" id="${SCREEN_CHUNK_LIST_ID}">${json}</script>`;
        writeFileSync(file, page.replace('  </head>', `${block}\n  </head>`));
      },
    },
  };
}
