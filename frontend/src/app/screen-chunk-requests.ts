import { SCREEN_CHUNK_LIST_ID } from '@shared/site-files';

/**
 * How many of a screen's files one task starts. Starting a request from script costs main-thread time
 * (about 0.4 ms per `<link>` in the session-38 traces, on the shared machine); Lighthouse multiplies a task
 * by its CPU slowdown (8-11× there) and counts what a task takes beyond 50 ms as blocking time, so a task
 * stays well under 5 ms of real time (issue 41 §4, docs/decisions/188).
 */
export const CHUNK_REQUESTS_PER_TASK = 6;

/** The longest the requests wait for the painting to show: a tab opened in the background draws nothing. */
const PAINT_WAIT_LIMIT_MS = 250;

type ScreenChunkList = Readonly<Record<string, readonly string[]>>;

/** The files each screen chunk's import preloads, as the build listed them in index.html; none in dev. */
export function readScreenChunkList(doc: Pick<Document, 'getElementById'> = document): ScreenChunkList {
  const text = doc.getElementById(SCREEN_CHUNK_LIST_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as ScreenChunkList;
  } catch {
    return {};
  }
}

/** The files of these chunks, in their order, each once. */
export function filesOfChunks(list: ScreenChunkList, chunks: readonly string[]): string[] {
  return [...new Set(chunks.flatMap((chunk) => list[chunk] ?? []))];
}

/**
 * Starts `files` `perTask` at a time, each group in a task of its own, and resolves once all are started,
 * with what each file's `start` gave to wait for (a stylesheet's load; a script's preload is not waited for,
 * its import does that).
 */
export async function startInGroups(
  files: readonly string[],
  start: (file: string) => Promise<void> | undefined,
  nextTask: () => Promise<void>,
  perTask = CHUNK_REQUESTS_PER_TASK,
): Promise<ReadonlyMap<string, Promise<void>>> {
  const pending = new Map<string, Promise<void>>();
  for (let first = 0; first < files.length; first += perTask) {
    if (first > 0) await nextTask();
    for (const file of files.slice(first, first + perTask)) {
      const started = start(file);
      if (started) pending.set(file, started);
    }
  }
  return pending;
}

/** When one chunk's own files have loaded (its stylesheets; those of other chunks are not waited for). */
export type ChunkReady = (chunk: string) => Promise<void>;

/** Resolves in a new task, after the current one and any paint due in between. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Resolves in the task after the content the entry painted (the remembered screen) is on the screen: its
 * largest-contentful-paint entry, which the browser reports once the frame is presented (the entry's three
 * paintings are all larger than index.html's "Loading..."), or two frames later in a browser without such
 * entries; at most PAINT_WAIT_LIMIT_MS. Lighthouse's simulation puts on a paint's path every request that
 * ended before its frame was presented, which can be a frame or more after the paint task on a busy phone.
 */
export function afterPaintShown(): Promise<void> {
  return new Promise((resolve) => {
    const since = performance.now();
    let settled = false;
    const observer = lcpEntriesSupported()
      ? new PerformanceObserver((list) => {
          if (list.getEntries().some((entry) => entry.startTime >= since)) settle();
        })
      : undefined;
    const limit = setTimeout(settle, PAINT_WAIT_LIMIT_MS);
    function settle() {
      if (settled) return;
      settled = true;
      observer?.disconnect();
      clearTimeout(limit);
      setTimeout(resolve, 0);
    }
    if (observer) observer.observe({ type: 'largest-contentful-paint', buffered: true });
    else requestAnimationFrame(() => requestAnimationFrame(settle));
  });
}

const lcpEntriesSupported = () =>
  typeof PerformanceObserver !== 'undefined' &&
  PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint');

/**
 * The scripts a screen chunk imports, deepest first (its list is in the preload helper's order: the chunk,
 * then its imports depth first), without the chunk itself. Importing them in this order, each evaluates
 * little more than its own module: what it imports has been evaluated already.
 */
export function dependencyScriptsOf(list: ScreenChunkList, chunk: string): string[] {
  return (list[chunk] ?? [])
    .filter((file) => file.endsWith('.js'))
    .slice(1)
    .reverse();
}

/**
 * Imports `files` one per task. A screen's import evaluates, in one task, every module of its graph not
 * evaluated yet (the dashboard's: libphonenumber's metadata, the shared forms, the API schemas, all its
 * tabs; 10-13 ms of CPU in the session-40 traces), a long task on a phone's slower CPU, and blocking time
 * since it runs after the first paint. Evaluated a chunk per task beforehand, the screen's own import then
 * evaluates its own module alone. A file that fails is left to the screen's import, which reports it (the
 * route's error page).
 */
export async function evaluateInTurn(
  files: readonly string[],
  load: (file: string) => Promise<unknown>,
  nextTask: () => Promise<void>,
): Promise<void> {
  for (const file of files) {
    await nextTask();
    await load(file).catch(() => undefined);
  }
}

/** A listed file's module, by the URL the chunks import it by, so it is the same instance. */
const importFile = (file: string): Promise<unknown> => import(/* @vite-ignore */ file);

/**
 * Requests the files of these screen chunks as Vite's preload helper would (a module preload per script, a
 * stylesheet per style, in its order), a few per task, so no task of a phone's page load is long for it.
 * Resolves once every file is linked, with when each chunk's own stylesheets have loaded or failed: a
 * chunk's import waits for its own styles only, so the shell and the guard (which starts the owner's
 * config read) never wait for the screen's stylesheet on a slow network. A failed stylesheet is removed
 * again, so the helper, which skips files already linked, requests it itself when the screen's import runs
 * and reports the failure as before (the route's error page). A chunk is ready once its stylesheets are in
 * and the scripts it imports have been evaluated, one per task (evaluateInTurn).
 */
export async function requestScreenChunks(chunks: readonly string[]): Promise<ChunkReady> {
  const list = readScreenChunkList();
  const started = await startInGroups(filesOfChunks(list, chunks), linkFile, nextTask);
  return async (chunk) => {
    await Promise.all(filesOfChunks(list, [chunk]).map((file) => started.get(file)));
    await evaluateInTurn(dependencyScriptsOf(list, chunk), importFile, nextTask);
  };
}

function linkFile(href: string): Promise<void> | undefined {
  const link = document.createElement('link');
  const style = href.endsWith('.css');
  link.rel = style ? 'stylesheet' : 'modulepreload';
  if (!style) link.as = 'script';
  link.crossOrigin = '';
  link.href = href;
  const loaded = style
    ? new Promise<void>((resolve) => {
        link.addEventListener('load', () => resolve());
        link.addEventListener('error', () => {
          link.remove();
          resolve();
        });
      })
    : undefined;
  document.head.appendChild(link);
  return loaded;
}
