import { randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema, ifMissingQuerySchema } from '@shared/schemas/api-error';
import {
  multiObjectiveConfigSchema,
  objectiveInputSchema,
  objectiveSchema,
  storedObjectiveOrNoneSchema,
  objectiveSaveResponseSchema,
} from '@shared/schemas/objective';
import { SETUP_MESSAGES } from '@shared/setup-messages';
import type { SetupDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { badRequest, notFound } from '../../platform/errors/http-error';
import type { StoredObjective } from './records/objectives';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import { withEffectiveModules } from './effective-modules';

/**
 * The body is the objective itself (spec §7 "objective object"), optionally with objective_config; it may
 * also come wrapped as { objective, objective_config }. With only objective_config, its primary is the
 * objective. The business_id is always the owner's, whatever the body says.
 */
// objectiveSchema, not the input schema: its defaults would make an empty body look like an objective.
const objectiveSaveSchema = objectiveSchema.partial().extend({
  objective: objectiveInputSchema.optional(),
  objective_config: multiObjectiveConfigSchema.optional(),
});
type ObjectiveSave = z.infer<typeof objectiveSaveSchema>;

function objectiveFrom(body: ObjectiveSave) {
  const { objective, objective_config, ...bare } = body;
  const hasBare = Object.values(bare).some((value) => value !== undefined);
  const candidate = objective ?? (hasBare ? bare : objective_config?.primary_objective);
  if (!candidate) throw badRequest(SETUP_MESSAGES.noObjectiveToSave);
  const parsed = objectiveInputSchema.safeParse(candidate);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: i.path.map(String).join('.'),
      message: i.message,
    }));
    throw badRequest(`Invalid request: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
  }
  return { objective: parsed.data, objective_config };
}

/** The owner's business objective (step 6 and the dashboard's Objectives tab). */
export const objectivesRoutes = ({ verifyToken, data }: SetupDeps) => {
  const auth = requireAuth(verifyToken);
  const saveRequest = {
    params: userIdParams,
    body: { content: { 'application/json': { schema: objectiveSaveSchema } }, required: true },
  };
  const saveResponses = {
    ...errorResponses,
    404: jsonContent(apiErrorSchema, 'No business config for this owner'),
  };

  const getRoute = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/objectives',
    tags: ['objectives'],
    summary: "The owner's current objective (404 when none; null with ?if_missing=null)",
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: userIdParams, query: ifMissingQuerySchema },
    responses: {
      200: jsonContent(
        storedObjectiveOrNoneSchema,
        'The objective, with objective_config when saved (null: none yet, when asked)',
      ),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No objective yet'),
    },
  });

  const postRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/objectives',
    tags: ['objectives'],
    summary: "Save a new objective for the owner's business (completes step 6)",
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: saveRequest,
    responses: { 201: jsonContent(objectiveSaveResponseSchema, 'Saved'), ...saveResponses },
  });

  const putRoute = createRoute({
    method: 'put',
    path: '/oauth/users/{userId}/objectives',
    tags: ['objectives'],
    summary: 'Update the objective, optionally with objective_config (objective_hierarchy)',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: saveRequest,
    responses: { 200: jsonContent(objectiveSaveResponseSchema, 'Saved'), ...saveResponses },
  });

  const save = async (userId: string, body: ObjectiveSave) => {
    const { objective, objective_config } = objectiveFrom(body);
    const config = await data.businessConfigs.getConfig(userId);
    if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
    const previous = await data.objectives.getObjective(userId);
    const stored: StoredObjective = {
      ...objective,
      id: objective.id ?? randomUUID(),
      business_id: config.business_id,
      ...((objective_config ?? previous?.objective_config)
        ? { objective_config: objective_config ?? previous!.objective_config! }
        : {}),
    };
    const saved = await data.objectives.saveObjective(userId, stored);
    if (!saved) throw notFound(SETUP_MESSAGES.configNotFound);
    // The config the transaction pointed at the objective, read back (consistently) as GET shows it.
    const pointed = await data.businessConfigs.getConfig(userId);
    if (!pointed) throw notFound(SETUP_MESSAGES.configNotFound);
    return { ...saved, config: await withEffectiveModules(data, userId, pointed) };
  };

  return new OpenAPIHono<AppEnv>()
    .openapi(getRoute, async (c) => {
      const objective = await data.objectives.getObjective(c.req.valid('param').userId);
      if (!objective && c.req.valid('query').if_missing === 'null') return c.json(null, 200);
      if (!objective) throw notFound(SETUP_MESSAGES.objectiveNotFound);
      return c.json(objective, 200);
    })
    .openapi(postRoute, async (c) =>
      c.json(await save(c.req.valid('param').userId, c.req.valid('json')), 201),
    )
    .openapi(putRoute, async (c) =>
      c.json(await save(c.req.valid('param').userId, c.req.valid('json')), 200),
    );
};
