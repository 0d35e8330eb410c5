import type { z } from 'zod';
import { badRequest } from '../errors/http-error';

/**
 * Input a route reads by hand (a signed webhook's form, read only after its signature is checked): the
 * schema's output, or the validators' 400 naming every field that failed.
 */
export function parseOrBadRequest<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw badRequest(`Invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`, details);
}
