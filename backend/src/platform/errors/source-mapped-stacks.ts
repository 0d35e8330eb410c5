import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces of a bundled Lambda that name the TypeScript sources, paid for only when a stack is written.
 *
 * Node's `--enable-source-maps` reads, parses and measures line by line the source map of every module as it
 * loads, whether or not a stack is ever printed: some 18 ms of a cold start on Node 20
 * (docs/decisions/186-cold-start.md, session 41). The bundles are built with linked maps (`index.mjs.map`
 * beside `index.mjs`, the same for each chunk: lambda-bundling.ts), so this maps a stack when it is first
 * formatted instead: V8 calls `Error.prepareStackTrace` on the first read of an error's `stack`, which is
 * what the Lambda runtime's error report, `console.error` and the logger read. A frame in a bundled file is
 * written as Node writes a mapped one (`name (/path/to/source.ts:line:column)`), a frame elsewhere (Node's
 * own modules, the runtime's AWS SDK) as V8 writes it. Each map is read once per process and kept.
 *
 * Installed first in every bundle (esbuild's `inject`, lambda-bundling.ts), not in sources run by tsx or
 * vitest, which map stacks themselves.
 */

/** A map per generated file's URL; null when the file has none or it cannot be read. */
const maps = new Map<string, SourceMap | null>();

function sourceMapOf(fileName: string): SourceMap | null {
  const cached = maps.get(fileName);
  if (cached !== undefined) return cached;
  let map: SourceMap | null = null;
  try {
    const mapPath = `${fileName.startsWith('file:') ? fileURLToPath(fileName) : fileName}.map`;
    if (existsSync(mapPath)) {
      map = new SourceMap(JSON.parse(readFileSync(mapPath, 'utf8')) as SourceMapPayload);
    }
  } catch {
    // An unreadable or malformed map leaves that file's frames as V8 writes them.
    map = null;
  }
  maps.set(fileName, map);
  return map;
}

type Entry = { originalSource?: string; originalLine?: number; originalColumn?: number; name?: string };

/** The map's entry at a 1-based position, or undefined. `findEntry` takes 0-based offsets (Node 20 and 24). */
const entryAt = (map: SourceMap, line: number | null, column: number | null): Entry | undefined =>
  line && column ? (map.findEntry(line - 1, column - 1) as Entry) : undefined;

/** The source's path as Node prints it: the map's relative source resolved against the generated file. */
function sourcePath(source: string, fileName: string): string {
  const url = new URL(source, fileName.startsWith('file:') ? fileName : `file://${fileName}`);
  return url.protocol === 'file:' ? fileURLToPath(url) : url.href;
}

/** One frame: mapped to its source when its file has a map holding the position, else V8's own text. */
export function formatFrame(site: NodeJS.CallSite, next: NodeJS.CallSite | undefined): string {
  const fileName = site.getFileName();
  const map = fileName ? sourceMapOf(fileName) : null;
  const entry = map ? entryAt(map, site.getLineNumber(), site.getColumnNumber()) : undefined;
  if (!map || !fileName || !entry?.originalSource || entry.originalLine === undefined) {
    return String(site);
  }
  const location = `${sourcePath(entry.originalSource, fileName)}:${entry.originalLine + 1}:${(entry.originalColumn ?? 0) + 1}`;
  // The function's original name: at the enclosing function's start, else at the caller's call (as Node).
  const name =
    entryAt(map, site.getEnclosingLineNumber(), site.getEnclosingColumnNumber())?.name ||
    (next && next.getFileName() === fileName
      ? entryAt(map, next.getLineNumber(), next.getColumnNumber())?.name
      : undefined) ||
    site.getFunctionName();
  const typeName = site.getTypeName();
  const owner = typeName && typeName !== 'global' && !site.isToplevel() ? `${typeName}.` : '';
  const prefix = `${site.isAsync() ? 'async ' : ''}${site.isConstructor() ? 'new ' : ''}`;
  return name ? `${prefix}${owner}${name} (${location})` : `${prefix}${location}`;
}

/**
 * The header line (`Name: message`) as Node's default formatter writes it, Node's own errors with their code
 * (`TypeError [ERR_INVALID_ARG_TYPE]: …`): Node tells them by a private symbol, here by the `ERR_` code.
 */
function headerOf(error: unknown): string {
  try {
    const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && code.startsWith('ERR_')) {
      return `${(error as Error).name} [${code}]: ${(error as Error).message}`;
    }
    return Error.prototype.toString.call(error);
  } catch {
    return '<error>';
  }
}

export function prepareSourceMappedStack(error: Error, sites: NodeJS.CallSite[]): string {
  const frames = sites.map((site, index) => {
    try {
      return `\n    at ${formatFrame(site, sites[index + 1])}`;
    } catch {
      return `\n    at ${String(site)}`;
    }
  });
  return headerOf(error) + frames.join('');
}

/** Replaces Node's default formatter (Node 20 and later define one, which writes frames as V8 does). */
export function installSourceMappedStacks(): void {
  Error.prepareStackTrace = prepareSourceMappedStack;
}
