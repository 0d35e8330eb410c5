import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  betaWaitlistRequestSchema,
  internationalWaitlistRequestSchema,
  waitlistResponseSchema,
} from '@shared/schemas/waitlist';
import {
  featureEngagementRequestSchema,
  featureEngagementResponseSchema,
} from '@shared/schemas/feature-engagement';
import type { FeatureEngagementAnswer } from '@shared/feature-engagement';
import type { BillingDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth } from '../../platform/auth/middleware';
import { badRequest, tooManyRequests } from '../../platform/errors/http-error';
import { enforceUserQuota, TOO_MANY_REQUESTS } from '../../platform/quotas/user-quotas';
import { clientAddress } from '../../platform/http/client-address';
import { bearerSecurity, errorResponses, jsonContent } from '../../platform/http/openapi-helpers';
import type { z } from '@hono/zod-openapi';

/** Sign-ups per client per minute on the one public write (it needs no token, spec §6). */
const INTERNATIONAL_WAITLIST_RATE_LIMIT = 10;

const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

export const waitlistRoutes = ({ verifyToken, data, rateLimiter }: BillingDeps) => {
  const internationalRoute = createRoute({
    method: 'post',
    path: '/oauth/international-waitlist',
    tags: ['waitlist'],
    summary: 'Join the international waitlist (no token: the person is outside the served region)',
    request: jsonBody(internationalWaitlistRequestSchema),
    responses: {
      200: jsonContent(waitlistResponseSchema, 'Joined'),
      400: errorResponses[400],
      429: errorResponses[400],
    },
  });

  const betaRoute = createRoute({
    method: 'post',
    path: '/oauth/beta-waitlist',
    tags: ['waitlist'],
    summary: "Join the beta waitlist with the token's e-mail (a body e-mail is not used)",
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    request: jsonBody(betaWaitlistRequestSchema),
    responses: { 200: jsonContent(waitlistResponseSchema, 'Joined'), ...errorResponses },
  });

  const engagementRoute = (answer: FeatureEngagementAnswer) =>
    createRoute({
      method: 'post',
      path: `/oauth/feature-engagement/${answer}`,
      tags: ['feature-engagement'],
      summary: `Record that the owner is ${answer === 'interested' ? 'interested in' : 'not interested in'} a coming feature`,
      security: bearerSecurity,
      middleware: [requireAuth(verifyToken)] as const,
      request: jsonBody(featureEngagementRequestSchema),
      responses: { 200: jsonContent(featureEngagementResponseSchema, 'Recorded'), ...errorResponses },
    });

  const app = new OpenAPIHono<AppEnv>()
    .openapi(internationalRoute, async (c) => {
      if (
        !(await rateLimiter.hit(`intl-waitlist#${clientAddress(c)}`, INTERNATIONAL_WAITLIST_RATE_LIMIT, 60))
      ) {
        throw tooManyRequests('Too many requests. Please wait a moment and try again');
      }
      await data.waitlists.joinInternational(c.req.valid('json'));
      return c.json({ joined: true as const }, 200);
    })
    .openapi(betaRoute, async (c) => {
      // Keyed on the verified token's e-mail (issue 10 §6): the body cannot sign someone else up.
      const user = c.get('user')!;
      if (!user.email) throw badRequest('Your account has no e-mail address');
      await data.waitlists.joinBeta({ email: user.email }, user.sub);
      return c.json({ joined: true as const }, 200);
    });
  for (const answer of ['interested', 'declined'] as const) {
    app.openapi(engagementRoute(answer), async (c) => {
      // Each new feature id stores an item: a daily ceiling per owner (issue 10 §8).
      await enforceUserQuota(rateLimiter, 'featureEngagement', c.get('user')!.sub, TOO_MANY_REQUESTS);
      await data.waitlists.recordEngagement(c.get('user')!.sub, answer, c.req.valid('json'));
      return c.json({ recorded: true as const, answer }, 200);
    });
  }
  return app;
};
