import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { OBJECTIVE_TEMPLATES, templatesForBusinessType } from '@shared/objective-templates';
import {
  objectiveTemplatesByIdResponseSchema,
  objectiveTemplatesResponseSchema,
} from '@shared/schemas/objective';
import { BUSINESS_TYPE_VALUES, type BusinessType } from '@shared/signup-rules';
import type { SetupDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth } from '../../platform/auth/middleware';
import { bearerSecurity, errorResponses, jsonContent } from '../../platform/http/openapi-helpers';

const businessTypeSchema = z.enum(BUSINESS_TYPE_VALUES);

/** The owner's business type is the identity token's custom:business_type, set at sign-up. */
const businessTypeOf = (claims: Record<string, unknown> | undefined): BusinessType => {
  const parsed = businessTypeSchema.safeParse(claims?.['custom:business_type']);
  return parsed.success ? parsed.data : 'other';
};

/** The built-in objective templates (spec §7); the wizard offers the first 4 of a list. */
export const objectiveTemplatesRoutes = ({ verifyToken }: SetupDeps) => {
  const auth = requireAuth(verifyToken);

  const discoverRoute = createRoute({
    method: 'get',
    path: '/oauth/objective-templates/discover',
    tags: ['objectives'],
    summary: "Templates for the owner's business type (query business_type overrides the token's)",
    security: bearerSecurity,
    middleware: [auth] as const,
    request: { query: z.object({ business_type: businessTypeSchema.optional() }) },
    responses: {
      200: jsonContent(objectiveTemplatesResponseSchema, 'Templates, best first'),
      ...errorResponses,
    },
  });

  const byTypeRoute = createRoute({
    method: 'get',
    path: '/oauth/objective-templates/{type}',
    tags: ['objectives'],
    summary: 'Templates for a business type',
    security: bearerSecurity,
    middleware: [auth] as const,
    request: { params: z.object({ type: businessTypeSchema }) },
    responses: {
      200: jsonContent(objectiveTemplatesResponseSchema, 'Templates, best first'),
      ...errorResponses,
    },
  });

  const allRoute = createRoute({
    method: 'get',
    path: '/api/templates',
    tags: ['objectives'],
    summary: 'Every built-in template, keyed by id',
    security: bearerSecurity,
    middleware: [auth] as const,
    responses: {
      200: jsonContent(objectiveTemplatesByIdResponseSchema, 'Templates by id'),
      ...errorResponses,
    },
  });

  // /discover is registered before /{type} so it is never read as a type.
  return new OpenAPIHono<AppEnv>()
    .openapi(discoverRoute, (c) => {
      const business_type = c.req.valid('query').business_type ?? businessTypeOf(c.get('user')?.claims);
      return c.json({ business_type, templates: templatesForBusinessType(business_type) }, 200);
    })
    .openapi(byTypeRoute, (c) => {
      const business_type = c.req.valid('param').type;
      return c.json({ business_type, templates: templatesForBusinessType(business_type) }, 200);
    })
    .openapi(allRoute, (c) => c.json({ templates: OBJECTIVE_TEMPLATES }, 200));
};
