import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  BLOCKED_NUMBERS_LIMIT,
  CALLER_GATES_TEXTS,
  MISSED_CALL_TEMPLATE_MAX_CHARS,
  MISSED_CALL_TEMPLATE_PLACEHOLDERS,
  templateProblem,
} from '@shared/caller-gates';
import { callerTexts } from '@shared/caller-texts';
import { servedLanguages } from '@shared/language-settings';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  blockedNumberParamsSchema,
  blockedNumberSchema,
  blockedNumbersSchema,
  blockNumberRequestSchema,
  missedCallSettingsRequestSchema,
  missedCallSettingsSchema,
  unblockedNumberSchema,
} from '@shared/schemas/caller-gates';
import { isSamePhone } from '@shared/phone/phone-number';
import type { CallerGatesDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { publicAppUrl, publicBaseUrl } from '../../platform/config/env';
import { HttpError } from '../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

const refused = (status: 400 | 404 | 409, error: string, message: string, path = 'number') =>
  new HttpError(status, error, message, [{ path, message }]);

/**
 * The owner's side of the two gates (docs/decisions/176-missed-call-text-back-and-block-list.md): the block
 * list (list, block with a reason, unblock) and the missed-call text-back settings (on/off, their wording).
 */
export const callerGatesRoutes = (deps: CallerGatesDeps) => {
  const { data, verifyToken } = deps;
  const blockedPath = '/oauth/users/{userId}/blocked-numbers';
  const textBackPath = '/oauth/users/{userId}/missed-call-texts';
  /** Links an owner may put in the text: the product's own app and API (deposit pages), nothing else. */
  const ownHosts = [publicAppUrl(deps.config), publicBaseUrl(deps.config)].map((url) => new URL(url).host);

  const listRoute = createRoute({
    method: 'get',
    path: blockedPath,
    tags: ['caller-gates'],
    summary: 'The numbers the owner blocked, newest first, with each one’s attempts since',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: { 200: jsonContent(blockedNumbersSchema, 'The block list'), ...errorResponses },
  });
  const blockRoute = createRoute({
    method: 'post',
    path: blockedPath,
    tags: ['caller-gates'],
    summary: 'Block a number: its calls are rejected and its texts get no reply',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: blockNumberRequestSchema } }, required: true },
    },
    responses: {
      201: jsonContent(blockedNumberSchema, 'Blocked'),
      200: jsonContent(blockedNumberSchema, 'Already blocked: the block as it stands'),
      ...errorResponses,
      409: jsonContent(apiErrorSchema, 'The owner’s limit of blocked numbers is reached'),
    },
  });
  const unblockRoute = createRoute({
    method: 'delete',
    path: `${blockedPath}/{number}`,
    tags: ['caller-gates'],
    summary: 'Unblock a number',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: blockedNumberParamsSchema },
    responses: {
      200: jsonContent(unblockedNumberSchema, 'Unblocked'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'The number is not blocked'),
    },
  });
  const getSettingsRoute = createRoute({
    method: 'get',
    path: textBackPath,
    tags: ['caller-gates'],
    summary: 'The missed-call text-back: on or off, and the owner’s wording',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: { 200: jsonContent(missedCallSettingsSchema, 'The settings'), ...errorResponses },
  });
  const putSettingsRoute = createRoute({
    method: 'put',
    path: textBackPath,
    tags: ['caller-gates'],
    summary: 'Turn the missed-call text-back on or off and set its wording (null: the default text)',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: missedCallSettingsRequestSchema } }, required: true },
    },
    responses: { 200: jsonContent(missedCallSettingsSchema, 'The settings saved'), ...errorResponses },
  });

  /**
   * The default text as callers get it: in English, and in Spanish too when the business serves it (sent to
   * a caller remembered as speaking Spanish, decision 174), so the preview shows each text that may go out.
   */
  const defaultTextOf = async (ownerId: string) => {
    const config = await data.businessConfigs.getConfig(ownerId);
    const business = config?.business_name?.trim() || 'This business';
    return {
      default_text: callerTexts('en').missedCall(business),
      ...(servedLanguages(config ?? {}).includes('es')
        ? { default_text_es: callerTexts('es').missedCall(business) }
        : {}),
    };
  };

  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const numbers = await data.blockedNumbers.list(c.req.valid('param').userId);
      return c.json({ numbers, limit: BLOCKED_NUMBERS_LIMIT }, 200);
    })
    .openapi(blockRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const { number, reason } = c.req.valid('json');
      const [config, holder] = await Promise.all([
        data.businessConfigs.getConfig(userId),
        data.phoneReservations.get(number),
      ]);
      // The owner's own lines: blocking them would reject the forwarded calls and the owner's own tests.
      if (holder?.owner_id === userId || isSamePhone(number, config?.assistant_phone))
        throw refused(400, 'own_number', CALLER_GATES_TEXTS.ownAssistantNumber);
      if (isSamePhone(number, config?.phone_number))
        throw refused(400, 'own_number', CALLER_GATES_TEXTS.ownBusinessNumber);
      const outcome = await data.blockedNumbers.block(userId, number, reason);
      if (outcome.kind === 'limit_reached')
        throw refused(409, 'limit_reached', CALLER_GATES_TEXTS.limitReached(BLOCKED_NUMBERS_LIMIT));
      return c.json(outcome.entry, outcome.kind === 'blocked' ? 201 : 200);
    })
    .openapi(unblockRoute, async (c) => {
      const { userId, number } = c.req.valid('param');
      if (!(await data.blockedNumbers.unblock(userId, number)))
        throw refused(404, 'not_found', CALLER_GATES_TEXTS.notBlocked);
      return c.json({ number, unblocked: true as const }, 200);
    })
    .openapi(getSettingsRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const [settings, defaults] = await Promise.all([
        data.missedCallTexts.getSettings(userId),
        defaultTextOf(userId),
      ]);
      return c.json({ enabled: settings.enabled, template: settings.template, ...defaults }, 200);
    })
    .openapi(putSettingsRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const body = c.req.valid('json');
      // An empty wording is the default text, as the form's empty field says.
      const template = body.template?.trim() ? body.template.trim() : null;
      const problem =
        template === null
          ? undefined
          : templateProblem(template, {
              maxChars: MISSED_CALL_TEMPLATE_MAX_CHARS,
              placeholders: MISSED_CALL_TEMPLATE_PLACEHOLDERS,
              ownHosts,
            });
      if (problem) throw refused(400, 'invalid_template', problem, 'template');
      const [saved, defaults] = await Promise.all([
        data.missedCallTexts.saveSettings(userId, { enabled: body.enabled, template }),
        defaultTextOf(userId),
      ]);
      return c.json({ enabled: saved.enabled, template: saved.template, ...defaults }, 200);
    });
};
