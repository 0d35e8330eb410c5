import { RUNTIME_CONFIG_PATH } from '@shared/site-files';

let early: Promise<Response> | undefined;

/**
 * Starts fetching `/config.json` as soon as the entry knows an account screen is coming, so the request runs
 * beside the download of the account shell's chunks instead of after it (runtime-config.ts parses it; it
 * needs zod, which this module keeps out of the entry chunk).
 */
export function fetchRuntimeConfigEarly(): void {
  if (early) return;
  early = fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
  // Whoever takes it handles a failure; until then it is not an unhandled rejection.
  early.catch(() => undefined);
}

/** The early request, once: a retry after a failure fetches anew. */
export function takeEarlyRuntimeConfig(): Promise<Response> | undefined {
  const response = early;
  early = undefined;
  return response;
}
