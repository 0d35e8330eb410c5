import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '../../scripts/local-stack/local-stack';
import { bin, runCommand } from '../children';
import { kb } from '../stats';
import { PRERENDERED_ROOT_PAGE } from '../../shared/site-files';

const OUT_DIR = path.join(REPO_ROOT, '.local', 'bench', 'web');
/** The module the router lazy-loads for `/` (frontend/src/app/router.tsx). */
const LANDING_SOURCE = 'src/features/landing/components/landing-page.tsx';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** The landing page's JavaScript, gzipped (issue 16's goal, which issue 41 keeps from regressing). */
export const LANDING_JS_GOAL_GZIP_KB = 100;

export type LandingFile = { file: string; role: string; bytes: number; gzipBytes: number };

export type LandingJsFigure = {
  measuredAt: string;
  route: '/';
  jsGzipKb: number;
  jsRawKb: number;
  cssGzipKb: number;
  files: LandingFile[];
  method: string;
};

/** `vite build` of the SPA into `outDir` (production, as deployed); with `manifest`, `.vite/manifest.json` too. */
export async function buildFrontend(outDir: string, { manifest = false } = {}): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  const result = await runCommand(
    bin('vite'),
    [
      'build',
      '--config',
      path.join(REPO_ROOT, 'frontend/vite.config.ts'),
      '--outDir',
      outDir,
      '--emptyOutDir',
      ...(manifest ? ['--manifest'] : []),
      '--logLevel',
      'warn',
    ],
    { cwd: REPO_ROOT, timeoutMs: 180_000 },
  );
  if (result.code !== 0)
    throw new Error(`vite build failed:\n${(result.stdout + result.stderr).slice(-3000)}`);
}

export async function measureLandingJs(log: (line: string) => void): Promise<LandingJsFigure> {
  log('vite build (production, with manifest)…');
  await buildFrontend(OUT_DIR, { manifest: true });

  const manifest = JSON.parse(readFileSync(path.join(OUT_DIR, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  // `/` is answered with the prerendered page (docs/decisions/092); it loads what the shell loads and more.
  const html = readFileSync(path.join(OUT_DIR, PRERENDERED_ROOT_PAGE), 'utf8');
  const { js, css } = filesForLanding(manifest, html);

  const measure = (file: string, role: string): LandingFile => {
    const content = readFileSync(path.join(OUT_DIR, file));
    return { file, role, bytes: content.byteLength, gzipBytes: gzipSync(content, { level: 9 }).byteLength };
  };
  const files = [...js].map(([file, role]) => measure(file, role));
  const cssFiles = [...css].map((file) => measure(file, 'css'));
  const sum = (list: LandingFile[], key: 'bytes' | 'gzipBytes') =>
    list.reduce((total, f) => total + f[key], 0);

  return {
    measuredAt: new Date().toISOString(),
    route: '/',
    jsGzipKb: kb(sum(files, 'gzipBytes')),
    jsRawKb: kb(sum(files, 'bytes')),
    cssGzipKb: kb(sum(cssFiles, 'gzipBytes')),
    files,
    method:
      'vite build; JS = index.html entry script + modulepreloads + their static imports, plus the ' +
      'landing-page lazy chunk and its static imports (manifest); gzip level 9 per file',
  };
}

/**
 * The JavaScript a browser must fetch to render `/`: what index.html loads (entry script and
 * modulepreloads) with the entry's static imports, then the landing page's lazy chunk with its static
 * imports. Other routes' lazy chunks are not needed and are left out.
 */
export function filesForLanding(manifest: Manifest, html: string) {
  const js = new Map<string, string>();
  const css = new Set<string>();
  const chunks = Object.entries(manifest);
  const byFile = new Map(chunks.map(([key, chunk]) => [chunk.file, key]));

  const addWithStaticImports = (key: string, role: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    if (!js.has(chunk.file)) js.set(chunk.file, role);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach((imported) => addWithStaticImports(imported, 'static import'));
  };

  // What the page references directly.
  const htmlScripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/?([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  if (htmlScripts.length === 0)
    throw new Error(`no <script type="module"> in the built ${PRERENDERED_ROOT_PAGE}`);
  for (const file of htmlScripts)
    addWithStaticImports(byFile.get(file) ?? fail(`${file} is not in the manifest`), 'entry');
  for (const file of preloads) {
    const key = byFile.get(file);
    if (key) addWithStaticImports(key, 'modulepreload');
    // Already reached as the entry's static import: name it by how the page actually fetches it.
    js.set(file, 'modulepreload');
  }
  [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/?([^"]+)"/g)].forEach((m) => css.add(m[1]!));

  // The entry is keyed 'index.html' in Vite 8 ('src/main.tsx' in older layouts): find the landing chunk by source.
  const entry = chunks.find(([, chunk]) => chunk.isEntry);
  const landingKey = entry?.[1].dynamicImports?.find((key) => (manifest[key]?.src ?? key) === LANDING_SOURCE);
  if (!landingKey)
    throw new Error(`the entry does not lazy-load ${LANDING_SOURCE}; update bench/stages/landing-js.ts`);
  addWithStaticImports(landingKey, 'landing route');
  return { js, css };
}

function fail(message: string): never {
  throw new Error(message);
}
