import { z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';

/** Response entries shared by every documented route. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export const errorResponses = {
  400: jsonContent(apiErrorSchema, 'Invalid input'),
  401: jsonContent(apiErrorSchema, 'Missing or invalid token'),
  403: jsonContent(apiErrorSchema, 'The path user is not the token subject'),
  500: jsonContent(apiErrorSchema, 'Unexpected failure'),
} as const;

export const bearerSecurity = [{ bearerAuth: [] }];

/** The `{userId}` of per-user paths; requireOwner then compares it with the token's subject. */
export const userIdParams = z.object({ userId: z.string().min(1).max(128) });
