import { createRoute, z } from '@hono/zod-openapi';
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

/**
 * A vendor's signed webhook, documented but not validated by zod on the way in: its signature must be
 * checked over the untouched raw body first (the handler parses it after).
 */
export const signedWebhookRoute = <T extends z.ZodType>(
  path: string,
  summary: string,
  answer: T,
  body: z.ZodType = z.object({}).passthrough(),
) =>
  createRoute({
    method: 'post',
    path,
    tags: ['webhooks'],
    summary,
    request: { body: { content: { 'application/json': { schema: body } }, required: true } },
    responses: {
      200: jsonContent(answer, 'Accepted'),
      400: errorResponses[400],
      500: errorResponses[500],
    },
  });
