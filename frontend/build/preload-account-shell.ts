import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { SPA_SHELL_PAGE } from '../../shared/site-files.ts';
import { chunkWithStaticImports, modulePreloadLinks } from './bundle-chunks.ts';

/** What every account screen renders through (app/router.tsx): the auth state, the query cache, the guard. */
const ACCOUNT_SHELL_MODULES = [
  'src/app/signed-in-shell.tsx',
  'src/features/auth/components/protected-route.tsx',
];

/**
 * index.html answers every path but `/` (landing.html), and nearly all of them are account screens. Without
 * hints the browser learns of the account shell's chunks only once the entry has downloaded and run
 * (router.tsx's preloadAccountScreen): on a slow phone that is a whole download plus the entry's start-up
 * before the identity SDK even starts to arrive. Listed in the HTML, they download beside the entry (issue 16
 * §5). The legal pages, which share index.html, fetch them too; they are cached for the account screens.
 * Runs after prerender-landing has copied index.html, so the landing page does not get them.
 */
export function preloadAccountShell(): Plugin {
  return {
    name: 'preload-account-shell',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      handler(options, bundle) {
        const file = path.join(options.dir!, SPA_SHELL_PAGE);
        const shell = readFileSync(file, 'utf8');
        const chunks = [
          ...new Map(
            ACCOUNT_SHELL_MODULES.flatMap((module) => chunkWithStaticImports(bundle, module)).map((chunk) => [
              chunk.fileName,
              chunk,
            ]),
          ).values(),
        ];
        const links = modulePreloadLinks(shell, chunks);
        writeFileSync(file, shell.replace('  </head>', `${links.join('\n')}\n  </head>`));
      },
    },
  };
}
