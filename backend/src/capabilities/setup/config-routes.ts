import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema, ifMissingQuerySchema } from '@shared/schemas/api-error';
import {
  businessConfigOrNoneSchema,
  businessConfigSchema,
  type BusinessConfig,
} from '@shared/schemas/business-config';
import { effectiveConfig, sourcesOf, withEffectiveModules } from './effective-modules';
import {
  businessInfoSchema,
  configUpdateSchema,
  descriptionUpdateSchema,
  toE164BusinessPhone,
} from '@shared/schemas/business-info';
import { TRAIT_NAMES } from '@shared/personality';
import { SETUP_MESSAGES } from '@shared/setup-messages';
import type { SetupDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { ownerGuard, requireAuth, requireOwner } from '../../platform/auth/middleware';
import { notFound } from '../../platform/errors/http-error';
import { mergedTraitFields } from './trait-fields';
import { assertBusinessNumberAllowed } from '../forwarding/index';
import { answerJson } from '../../platform/http/answer-headers';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
  withOneHandler,
} from '../../platform/http/openapi-helpers';

const businessIdParams = z.object({ id: z.string().min(1).max(100) });
const notFoundResponse = { 404: jsonContent(apiErrorSchema, 'No business config for this owner') };
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

/**
 * The business config: create (step 1), load, update (steps 1 and 2) and look-ups by business id. Every
 * look-up is scoped to the token's owner: another owner's business id answers 404 like a missing one.
 */
export const configRoutes = ({ verifyToken, data }: SetupDeps) => {
  const auth = requireAuth(verifyToken);
  const configs = data.businessConfigs;
  /** Every answer shows the modules in effect, not only the stored grants (issue 12 §4). */
  const shown = <T extends BusinessConfig>(ownerId: string, config: T) =>
    withEffectiveModules(data, ownerId, config);
  /**
   * The business line in E.164, refused when it is an assistant number: forwarding it to the assistant
   * would loop (docs/decisions/172-forwarding.md). Checked before anything is written.
   */
  const businessLineOf = async (ownerId: string, typed: string) => {
    const phone = toE164BusinessPhone(typed);
    await assertBusinessNumberAllowed(data.phoneReservations, ownerId, phone);
    return phone;
  };
  /** Step 1's save, on either path: the business line checked first, the answer as every answer shows it. */
  const saveInfo = async (ownerId: string, info: z.infer<typeof businessInfoSchema>) => {
    const saved = await configs.saveBusinessInfo(ownerId, {
      ...info,
      phone_number: await businessLineOf(ownerId, info.phone_number),
    });
    return { config: await shown(ownerId, saved.config), created: saved.created };
  };

  const getConfigRoute = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/config',
    tags: ['config'],
    summary: "Load the owner's business config (404 when none yet; null with ?if_missing=null)",
    security: bearerSecurity,
    // No middleware: the token and owner checks are its one handler's guard (withOneHandler below).
    request: { params: userIdParams, query: ifMissingQuerySchema },
    responses: {
      200: jsonContent(businessConfigOrNoneSchema, 'The business config (null: none yet, when asked)'),
      ...errorResponses,
      404: errorResponses[400],
    },
  });

  const createUserConfigRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/config',
    tags: ['config'],
    summary: 'Create the business config from step 1 (or set those fields on the existing one)',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: userIdParams, ...jsonBody(businessInfoSchema) },
    responses: {
      201: jsonContent(businessConfigSchema, 'Created'),
      200: jsonContent(businessConfigSchema, 'Existing config updated'),
      ...errorResponses,
    },
  });

  const createConfigRoute = createRoute({
    method: 'post',
    path: '/oauth/config/create',
    tags: ['config'],
    summary: "Step 1 save for the token's owner: creates the config, or updates its business info",
    security: bearerSecurity,
    middleware: [auth] as const,
    request: jsonBody(businessInfoSchema),
    responses: {
      201: jsonContent(businessConfigSchema, 'Created'),
      200: jsonContent(businessConfigSchema, 'Existing config updated'),
      ...errorResponses,
    },
  });

  const updateConfigRoute = createRoute({
    method: 'put',
    path: '/oauth/users/{userId}/config',
    tags: ['config'],
    summary: 'Update the description and assistant name (step 2) or the business info (step 1 edits)',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: userIdParams, ...jsonBody(configUpdateSchema) },
    responses: {
      200: jsonContent(businessConfigSchema, 'The updated config'),
      ...errorResponses,
      ...notFoundResponse,
    },
  });

  const updateDescriptionRoute = createRoute({
    method: 'post',
    path: '/oauth/config/update-description',
    tags: ['config'],
    summary: "Update the description, assistant name and traits of the owner's config with this phone",
    security: bearerSecurity,
    middleware: [auth] as const,
    request: jsonBody(descriptionUpdateSchema),
    responses: {
      200: jsonContent(businessConfigSchema, 'The updated config'),
      ...errorResponses,
      ...notFoundResponse,
    },
  });

  const getByBusinessIdRoute = createRoute({
    method: 'get',
    path: '/oauth/config/get/{id}',
    tags: ['config'],
    summary: "The owner's config by its business_id (404 for another owner's)",
    security: bearerSecurity,
    middleware: [auth] as const,
    request: { params: businessIdParams },
    responses: {
      200: jsonContent(businessConfigSchema, 'The business config'),
      ...errorResponses,
      ...notFoundResponse,
    },
  });

  const routes = new OpenAPIHono<AppEnv>();
  // Every screen reads the config: one Hono handler checks the token, the owner, the params and query
  // (synchronously when the token is known), then reads.
  const getConfig = withOneHandler(routes, getConfigRoute, ownerGuard(verifyToken));
  return routes
    .openapi(
      getConfig.route,
      getConfig.handler(async (c) => {
        const { config, setup } = await configs.getConfigWithSetup(c.req.valid('param').userId);
        if (!config && c.req.valid('query').if_missing === 'null') return c.json(null, 200);
        if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
        const answer = effectiveConfig(config, sourcesOf(setup, config));
        // The answer is built once with all its headers (answer-headers.ts), the same answer c.json
        // would give.
        return answerJson(c, answer) as unknown as ReturnType<typeof c.json<typeof answer, 200>>;
      }),
    )
    .openapi(createUserConfigRoute, async (c) => {
      const { config, created } = await saveInfo(c.req.valid('param').userId, c.req.valid('json'));
      return created ? c.json(config, 201) : c.json(config, 200);
    })
    .openapi(createConfigRoute, async (c) => {
      const { config, created } = await saveInfo(c.get('user')!.sub, c.req.valid('json'));
      return created ? c.json(config, 201) : c.json(config, 200);
    })
    .openapi(updateConfigRoute, async (c) => {
      const fields = c.req.valid('json');
      const userId = c.req.valid('param').userId;
      const config = await configs.updateConfigFields(userId, {
        ...fields,
        phone_number: fields.phone_number ? await businessLineOf(userId, fields.phone_number) : undefined,
      });
      if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
      return c.json(await shown(c.req.valid('param').userId, config), 200);
    })
    .openapi(updateDescriptionRoute, async (c) => {
      const { phone_number, business_description, assistant_name, ...traits } = c.req.valid('json');
      const userId = c.get('user')!.sub;
      const current = await configs.findOwnConfigByPhone(userId, phone_number);
      if (!current) throw notFound(SETUP_MESSAGES.configNotFound);
      const traitsGiven = TRAIT_NAMES.some((name) => traits[name] !== undefined);
      const config = await configs.updateConfigFields(userId, {
        business_description,
        assistant_name,
        ...(traitsGiven ? mergedTraitFields(current, traits) : {}),
      });
      if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
      return c.json(await shown(userId, config), 200);
    })
    .openapi(getByBusinessIdRoute, async (c) => {
      const found = await configs.findConfigByBusinessId(c.req.valid('param').id);
      if (!found || found.userId !== c.get('user')!.sub) throw notFound(SETUP_MESSAGES.configNotFound);
      return c.json(await shown(found.userId, found.config), 200);
    });
};
