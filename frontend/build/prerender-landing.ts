import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { PRERENDERED_ROOT_PAGE, SPA_SHELL_PAGE } from '../../shared/site-files.ts';
import { chunkWithStaticImports, modulePreloadLinks } from './bundle-chunks.ts';

/**
 * `/` is served prerendered (docs/decisions/092): landing.html is index.html with the landing page's markup
 * in #root, its stylesheets linked and its chunk preloaded, so a phone on a slow network paints the page
 * from the HTML instead of after three round trips of JavaScript. index.html stays the empty shell every
 * other path falls back to (CloudFront's error response, vite preview's SPA fallback): a signed-in page
 * must never flash the landing page first.
 */
const LANDING_MODULE = 'src/features/landing/components/landing-page.tsx';
const frontendRoot = fileURLToPath(new URL('..', import.meta.url));

/** Renders the landing page from source in a throwaway SSR server (the same modules the bundle holds). */
async function renderLanding(alias: Record<string, string>): Promise<string> {
  const server = await createServer({
    configFile: false,
    root: frontendRoot,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    resolve: { alias },
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = (await server.ssrLoadModule('/src/prerender/render-landing.tsx')) as {
      renderLandingHtml: () => Promise<string>;
    };
    return await module.renderLandingHtml();
  } finally {
    await server.close();
  }
}

export function prerenderLanding(): Plugin {
  let alias: Record<string, string> = {};
  return {
    name: 'prerender-landing',
    apply: 'build',
    configResolved(config) {
      alias = Object.fromEntries(
        config.resolve.alias.flatMap(({ find, replacement }) =>
          typeof find === 'string' ? [[find, replacement]] : [],
        ),
      );
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const shell = readFileSync(path.join(outDir, SPA_SHELL_PAGE), 'utf8');
      const chunks = chunkWithStaticImports(bundle, LANDING_MODULE);
      const linked = (file: string) => shell.includes(`/${file}"`);
      const styles = [...new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))]
        .filter((file) => !linked(file))
        .map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">`);
      const preloads = modulePreloadLinks(shell, chunks);
      // React puts its resource hints (the logo's image preloads) first; they belong in the head.
      const rendered = await renderLanding(alias);
      const hints = /^(?:<link [^>]*\/>)*/.exec(rendered)![0];
      const markup = rendered.slice(hints.length);
      // index.html's #root holds the account screens' static "Loading..."; the landing page replaces it.
      const bootRoot = /<div id="root">\s*<!--boot-->[\s\S]*?<!--\/boot-->\s*<\/div>/;
      if (!bootRoot.test(shell)) throw new Error('prerender: index.html has no #root with its boot status');
      const page = shell
        .replace(
          '</head>',
          `${[
            ...preloads,
            ...styles,
            ...hints
              .split(/(?<=\/>)/)
              .filter(Boolean)
              .map((hint) => `    ${hint}`),
          ].join('\n')}\n  </head>`,
        )
        .replace(bootRoot, () => `<div id="root" data-prerendered>${markup}</div>`);
      writeFileSync(path.join(outDir, PRERENDERED_ROOT_PAGE), page);
    },
  };
}

/** vite preview answers `/` with landing.html, as CloudFront's default root object does. */
export function serveLandingAtRoot(): Plugin {
  return {
    name: 'serve-landing-at-root',
    configurePreviewServer(server) {
      const landing = path.resolve(server.config.root, server.config.build.outDir, PRERENDERED_ROOT_PAGE);
      server.middlewares.use((req, _res, next) => {
        const [pathname, query] = (req.url ?? '').split('?');
        if (pathname === '/' && existsSync(landing))
          req.url = `/${PRERENDERED_ROOT_PAGE}${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}
