import type { z } from 'zod';
import type { ZodMiniType } from 'zod/mini';
import { badRequest } from '../errors/http-error';

/**
 * Input a route reads by hand (a signed webhook's form, read only after its signature is checked): the
 * schema's output, or the validators' 400 naming every field that failed. Either of zod's APIs: a caller's
 * first ring parses its form with a `zod/mini` schema (docs/decisions/186-cold-start.md).
 */
export function parseOrBadRequest<T extends z.ZodType | ZodMiniType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as z.infer<T>;
  const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw badRequest(`Invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`, details);
}
