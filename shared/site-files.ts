/**
 * The web site's top-level files, without zod so the entry chunk may name them (docs/decisions/092). `/` is
 * answered with the prerendered landing page, every other path falls back to the empty shell, which the SPA
 * renders into; the deployment writes the runtime config beside them.
 */
export const PRERENDERED_ROOT_PAGE = 'landing.html';
export const SPA_SHELL_PAGE = 'index.html';
export const RUNTIME_CONFIG_PATH = '/config.json';
/**
 * The id of index.html's JSON block listing, per screen chunk, the files its dynamic import preloads
 * (frontend/build/screen-chunk-list.ts writes it, frontend/src/app/screen-chunk-requests.ts reads it).
 */
export const SCREEN_CHUNK_LIST_ID = 'screen-chunks';
