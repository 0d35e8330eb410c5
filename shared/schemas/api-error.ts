import { z } from 'zod';

/** The one JSON shape of every error the API returns (DESIGN §4). */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The query of `IF_MISSING_NULL_QUERY` (shared/api-queries.ts). */
export const ifMissingQuerySchema = z.object({ if_missing: z.enum(['null']).optional() });
