import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  createReferralRequestSchema,
  invitationResponseSchema,
  referralLinkResponseSchema,
  referralListResponseSchema,
  referralResponseSchema,
  sendInvitationRequestSchema,
  trackSignupRequestSchema,
  trackSignupResponseSchema,
} from '@shared/schemas/referral';
import {
  DEFAULT_REFERRER_NAME,
  normalizeEmail,
  REFERRAL_ERRORS,
  REFERRAL_MESSAGES,
  referralLink,
  referralRefusal,
} from '@shared/referrals';
import type { ReferralsDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth } from '../../platform/auth/middleware';
import type { VerifiedUser } from '../../platform/auth/token-verifier';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/errors/http-error';
import { bearerSecurity, errorResponses, jsonContent } from '../../platform/http/openapi-helpers';
import { sanitizeEmailText } from '@shared/email-text';
import { requireLiveSubscription } from '../billing/index';
import { enforceUserQuota, TOO_MANY_REQUESTS } from '../../platform/quotas/user-quotas';
import { invitationEmail } from './invitation-email';

const conflict = (message: string) => new HttpError(409, 'conflict', message);
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const errorsWith = (extra: Record<number, string>) => ({
  ...errorResponses,
  ...Object.fromEntries(
    Object.entries(extra).map(([status, text]) => [status, jsonContent(apiErrorSchema, text)]),
  ),
});

/** Subscriptions that show the account is not new: a referral code no longer applies to them. */
const EXISTING_CUSTOMER_STATUSES = new Set(['active', 'past_due', 'canceled', 'unpaid', 'paused']);

/** The referrer's name in invitations: their business name from the token (made e-mail safe), else 'A friend'. */
const nameOf = (user: VerifiedUser) => {
  const name = user.claims['custom:business_name'];
  return (typeof name === 'string' && sanitizeEmailText(name)) || DEFAULT_REFERRER_NAME;
};

/**
 * Referrals (spec §7): the owner's referrals by e-mail, their sign-up link, invitations by e-mail, and the
 * referee's side (track-signup). Every rule of spec §4/§5/§9 is enforced here, not only in the UI.
 */
export const referralRoutes = (deps: ReferralsDeps) => {
  const auth = requireAuth(deps.verifyToken);
  const referrals = deps.data.referrals;
  const appOrigin = () => deps.config.publicAppUrl ?? deps.config.allowedOrigins[0] ?? '';

  const createReferral = createRoute({
    method: 'post',
    path: '/oauth/referrals/create',
    tags: ['referrals'],
    summary: 'Refer a friend by e-mail (max 3 no_response; no self-referral, no duplicate)',
    security: bearerSecurity,
    middleware: [auth] as const,
    request: jsonBody(createReferralRequestSchema),
    responses: {
      201: jsonContent(referralResponseSchema, 'The new referral (no_response)'),
      ...errorsWith({ 409: 'Already referred, or 3 referrals already wait as no_response' }),
    },
  });

  const listReferrals = createRoute({
    method: 'get',
    path: '/oauth/referrals/list',
    tags: ['referrals'],
    summary: "The owner's referrals, newest first",
    security: bearerSecurity,
    middleware: [auth] as const,
    responses: { 200: jsonContent(referralListResponseSchema, 'Referrals'), ...errorResponses },
  });

  const cancelReferral = createRoute({
    method: 'delete',
    path: '/oauth/referrals/{id}',
    tags: ['referrals'],
    summary: 'Cancel a no_response referral',
    security: bearerSecurity,
    middleware: [auth] as const,
    request: { params: z.object({ id: z.uuid() }) },
    responses: {
      200: jsonContent(referralResponseSchema, 'The cancelled referral'),
      ...errorsWith({ 404: 'No such referral of this owner', 409: 'Not a no_response referral' }),
    },
  });

  const getLink = createRoute({
    method: 'get',
    path: '/oauth/referrals/link',
    tags: ['referrals'],
    summary: "The owner's sign-up link with their referral code (the code is created once)",
    security: bearerSecurity,
    middleware: [auth] as const,
    responses: { 200: jsonContent(referralLinkResponseSchema, 'The referral link'), ...errorResponses },
  });

  const trackSignup = createRoute({
    method: 'post',
    path: '/oauth/referrals/track-signup',
    tags: ['referrals'],
    summary: 'A referee signed up with a code: their referral moves to trial (idempotent)',
    security: bearerSecurity,
    middleware: [auth] as const,
    request: jsonBody(trackSignupRequestSchema),
    responses: {
      200: jsonContent(trackSignupResponseSchema, 'The referral is in trial (or already past it)'),
      ...errorsWith({ 404: 'Unknown referral code', 409: 'Not a new account' }),
    },
  });

  const sendInvitation = createRoute({
    method: 'post',
    path: '/oauth/referrals/send-invitation',
    tags: ['referrals'],
    summary: 'E-mail the invitation for a no_response referral',
    security: bearerSecurity,
    middleware: [auth] as const,
    request: jsonBody(sendInvitationRequestSchema),
    responses: {
      200: jsonContent(invitationResponseSchema, 'Sent'),
      ...errorsWith({
        402: 'No active or trialing subscription',
        404: 'No referral for this e-mail',
        409: 'Not a no_response referral',
        429: 'Too many invitations',
        502: 'The e-mail provider refused or failed',
      }),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(createReferral, async (c) => {
      const user = c.get('user')!;
      const { referee_email: email } = c.req.valid('json');
      const refusal = referralRefusal(email, user.email, await referrals.list(user.sub));
      if (refusal === 'selfReferral') throw badRequest(REFERRAL_ERRORS.selfReferral);
      if (refusal === 'duplicate') throw conflict(REFERRAL_ERRORS.duplicate);
      if (refusal === 'maxPending') throw conflict(REFERRAL_MESSAGES.maxPendingHint);
      // Cancelled referrals free their slot and address, so adds are capped per day: no endless cycling.
      await enforceUserQuota(deps.rateLimiter, 'referralAdds', user.sub, TOO_MANY_REQUESTS);
      const created = await referrals.create(user.sub, {
        refereeEmail: email,
        referrerName: nameOf(user),
        code: await referrals.codeFor(user.sub),
      });
      // The same two rules again, now atomic: a parallel request may have got there first.
      if (created.outcome !== 'created') {
        throw conflict(
          created.outcome === 'duplicate' ? REFERRAL_ERRORS.duplicate : REFERRAL_MESSAGES.maxPendingHint,
        );
      }
      return c.json({ referral: created.referral }, 201);
    })
    .openapi(listReferrals, async (c) => c.json({ referrals: await referrals.list(c.get('user')!.sub) }, 200))
    .openapi(getLink, async (c) => {
      const code = await referrals.codeFor(c.get('user')!.sub);
      return c.json({ referral_link: referralLink(appOrigin(), code), referral_code: code }, 200);
    })
    .openapi(cancelReferral, async (c) => {
      const change = await referrals.cancel(c.get('user')!.sub, c.req.valid('param').id);
      if (change.outcome === 'not_found') throw notFound(REFERRAL_ERRORS.notFound);
      if (change.outcome === 'not_pending') throw conflict(REFERRAL_ERRORS.onlyNoResponse);
      return c.json({ referral: change.referral }, 200);
    })
    .openapi(trackSignup, async (c) => {
      const user = c.get('user')!;
      const body = c.req.valid('json');
      if (body.user_id !== user.sub) throw forbidden('You can only report your own sign-up');
      if (!user.email) throw badRequest(REFERRAL_ERRORS.emailRequired);
      const code = body.referral_code.toUpperCase();
      const referrerId = await referrals.ownerOfCode(code);
      if (!referrerId) throw notFound(REFERRAL_ERRORS.unknownCode);
      if (referrerId === user.sub) throw badRequest(REFERRAL_ERRORS.selfReferral);
      const previous = await referrals.ofReferee(user.sub);
      if (!previous) {
        const { status } = await deps.data.subscriptions.getSubscription(user.sub);
        if (EXISTING_CUSTOMER_STATUSES.has(status)) throw conflict(REFERRAL_ERRORS.existingCustomer);
      }
      const referrerConfig = await deps.data.businessConfigs.getConfig(referrerId);
      const referral =
        previous?.referral ??
        (await referrals.startTrial({
          referrerId,
          referrerName: sanitizeEmailText(referrerConfig?.business_name ?? '') || DEFAULT_REFERRER_NAME,
          code,
          refereeId: user.sub,
          refereeEmail: user.email,
        }));
      deps.logger.info('referral_signup_tracked', {
        referral_id: referral.referral_id,
        referee_id: user.sub,
      });
      return c.json({ tracked: true as const, status: referral.status }, 200);
    })
    .openapi(sendInvitation, async (c) => {
      const user = c.get('user')!;
      const body = c.req.valid('json');
      const email = normalizeEmail(body.referee_email);
      const mine = (await referrals.list(user.sub)).filter((r) => normalizeEmail(r.referee_email) === email);
      const referral = mine.find((r) => r.status === 'no_response');
      if (!referral) {
        if (mine.length === 0) throw notFound(REFERRAL_ERRORS.notFound);
        throw conflict(REFERRAL_ERRORS.onlyNoResponse);
      }
      // E-mails to third parties are for paying owners, and capped per hour and per day (issue 10 §1, §6).
      await requireLiveSubscription(deps, user.sub);
      if (!(await deps.rateLimiter.hit(`referral-invite#${user.sub}`, 10, 3600))) {
        throw new HttpError(429, 'too_many_requests', 'Too many invitations. Please try again later.');
      }
      await enforceUserQuota(deps.rateLimiter, 'ownerEmails', user.sub, TOO_MANY_REQUESTS);
      const referrerName =
        sanitizeEmailText(body.referrer_name ?? '') ||
        sanitizeEmailText(referral.referrer_name) ||
        DEFAULT_REFERRER_NAME;
      const link = referralLink(appOrigin(), referral.referral_code);
      try {
        await deps.providers.email.send(invitationEmail(email, referrerName, link));
      } catch (error) {
        deps.logger.error('referral_invitation_failed', {
          referral_id: referral.referral_id,
          error: (error as Error).name,
        });
        throw new HttpError(502, 'email_failed', REFERRAL_MESSAGES.invitationFailed);
      }
      await referrals.markInvited(user.sub, referral.referral_id, referrerName);
      return c.json({ sent: true as const, referee_email: email }, 200);
    });
};
