import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { SCREEN_CHUNK_LIST_ID, SPA_SHELL_PAGE } from '../../shared/site-files.ts';
import { screenChunkList } from './bundle-chunks.ts';

/**
 * Writes into index.html, as a JSON block, the files each screen's dynamic import preloads (issue 41 §4).
 * Vite's preload helper starts them all in one task, about 30 `<link>`s for the dashboard at roughly 0.4 ms
 * of main thread each; with the list the entry starts them itself after the first frame, a few per task
 * (app/screen-chunk-requests.ts), and the helper then finds them already linked. About 0.5 KB gzip of file
 * names on the account pages; runs after preload-account-shell, so files the HTML already links are left out,
 * and after prerender-landing, so the landing page does not carry it.
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
