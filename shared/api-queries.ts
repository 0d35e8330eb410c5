/**
 * `?if_missing=null` on GETs whose 404 means "none yet" (config, objective): the answer is then 200 with a
 * JSON null, so an expected absence is not a failed request the browser logs as a console error. Without the
 * parameter the spec's 404 stands. Its own module, without zod, so the signed-in shell's early reads can
 * name it without loading the schema library (frontend/src/lib/api-read-paths.ts).
 */
export const IF_MISSING_NULL_QUERY = 'if_missing=null';
