import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { signOutRequestSchema, signOutResponseSchema } from '@shared/schemas/session';
import { SIGN_OUT_PATH } from '@shared/session';
import type { AccountDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { tokenIdentity } from '../../platform/auth/revocation-check';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

const route = createRoute({
  method: 'post',
  path: SIGN_OUT_PATH,
  tags: ['session'],
  summary: "End this session (or every session): the API refuses the session's tokens from now on",
  security: bearerSecurity,
  request: {
    params: userIdParams,
    body: { content: { 'application/json': { schema: signOutRequestSchema } }, required: true },
  },
  responses: { 200: jsonContent(signOutResponseSchema, 'The session ended'), ...errorResponses },
});

/**
 * Sign-out on the API side (issue 10 §7). Cognito's RevokeToken / GlobalSignOut stop refreshes, but the ID
 * and access tokens already handed out stay valid by signature until they expire: the frontend calls this
 * before signing out of Cognito, and the auth middleware then refuses them. A token without `origin_jti`
 * (revocation disabled on the client) can only end every session. Repeat calls store nothing new: the
 * token is refused after the first one, so no per-owner cap is needed.
 */
export const signOutRoutes = ({ verifyToken, data }: AccountDeps) =>
  new OpenAPIHono<AppEnv>().openapi(
    { ...route, middleware: [requireAuth(verifyToken), requireOwner()] as const },
    async (c) => {
      const { everywhere } = c.req.valid('json');
      const identity = tokenIdentity(c.get('user')!);
      if (everywhere || !identity.originJti) {
        await data.sessionRevocations.revokeAll(identity.sub);
        return c.json({ ended: 'everywhere' as const }, 200);
      }
      await data.sessionRevocations.revokeSession(identity.sub, identity.originJti);
      return c.json({ ended: 'session' as const }, 200);
    },
  );
