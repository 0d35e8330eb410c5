import { z } from 'zod';

/** The one JSON shape of every error the API returns (DESIGN §4). */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * `?if_missing=null` on GETs whose 404 means "none yet" (config, objective): the answer is then 200 with a
 * JSON null, so an expected absence is not a failed request the browser logs as a console error. Without the
 * parameter the spec's 404 stands.
 */
export const IF_MISSING_NULL_QUERY = 'if_missing=null';
export const ifMissingQuerySchema = z.object({ if_missing: z.enum(['null']).optional() });
