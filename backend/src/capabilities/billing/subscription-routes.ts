import { createHash } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  CHECKOUT_REFUSALS,
  isPaymentFailed,
  isShownInterval,
  isSubscribed,
  isWaitListPlan,
  TRIAL_DAYS,
  BUSINESS_ID_NOT_FOUND,
} from '@shared/plans';
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  customerProfileSchema,
  portalRequestSchema,
  portalResponseSchema,
  productsResponseSchema,
  selectPlanRequestSchema,
  selectPlanResponseSchema,
  subscriptionStatusSchema,
  upcomingInvoiceResponseSchema,
  type Plan,
} from '@shared/schemas/subscription';
import { friendCouponFor } from '@shared/referral-rewards';
import type { BillingDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import { billingStanding } from './billing-standing';
import { enforceUserQuota, TOO_MANY_REQUESTS } from '../../platform/quotas/user-quotas';
import { isOwnOrigin } from './own-origin';
import { viaProvider } from './provider-errors';

const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

/** A double click within this window gets the same checkout session (the provider's idempotency key). */
const CHECKOUT_IDEMPOTENCY_WINDOW_MS = 10 * 60_000;
/** How long one checkout request holds the owner's checkout lock (longer than a slow provider call). */
const CHECKOUT_LEASE_SECONDS = 30;

const withErrors = {
  ...errorResponses,
  404: jsonContent(errorResponses[400].content['application/json'].schema, 'Not found'),
  409: jsonContent(
    errorResponses[400].content['application/json'].schema,
    'Already subscribed, a failed payment to fix in billing, or a checkout running in another tab',
  ),
  429: jsonContent(
    errorResponses[400].content['application/json'].schema,
    'Too many sessions or invoice previews',
  ),
  502: jsonContent(errorResponses[400].content['application/json'].schema, 'Payment provider unavailable'),
};

export const subscriptionRoutes = ({
  verifyToken,
  data,
  providers,
  config,
  now,
  rateLimiter,
}: BillingDeps) => {
  const payments = providers.payments;

  const findPlan = async (priceId: string) => {
    const plans = await viaProvider(() => payments.listPlans());
    const plan = plans.find((p) => p.price_id === priceId && isShownInterval(p.interval));
    if (!plan) throw badRequest(`Unknown price_id: ${priceId}`);
    return plan;
  };

  const requireOwnOrigin = (field: string, url: string) => {
    if (!isOwnOrigin(url, config.allowedOrigins))
      throw badRequest(`${field} must be on this application's origin`);
  };

  /** The owner's one customer at the provider: created once (idempotency key per owner) and reused. */
  const customerFor = async (userId: string, email: string | undefined) => {
    const existing = await data.subscriptions.getCustomerId(userId);
    if (existing) return existing;
    const created = await viaProvider(() => payments.createCustomer({ userId, email }, `customer-${userId}`));
    return data.subscriptions.linkCustomer(userId, created.id);
  };

  /**
   * A referred friend's first paid month is free (decision 164): their referral must be in trial (they
   * signed up with a code, and not as their own referrer), and their e-mail must not have earned a
   * reward before (a second account of someone who already had a referred trial).
   */
  const friendCoupon = async (userId: string, plan: Plan) => {
    const link = await data.referrals.ofReferee(userId);
    if (link?.referral.status !== 'trial') return undefined;
    if (await data.referrals.emailRewarded(link.referral.referee_email)) return undefined;
    return friendCouponFor(plan);
  };

  /** 409 for an owner who pays (or should update a card) instead of a second subscription. */
  const refuseWhenSubscribed = (status: string) => {
    const refusal = isSubscribed(status)
      ? CHECKOUT_REFUSALS.alreadySubscribed
      : isPaymentFailed(status)
        ? CHECKOUT_REFUSALS.paymentFailed
        : undefined;
    if (refusal) throw new HttpError(409, refusal.code, refusal.message);
  };

  /**
   * One open checkout per owner (issue 10 §2), so two tabs or a race cannot pay for two subscriptions:
   * the owner's lock item serializes checkouts, and the session a previous checkout left open is expired
   * at the provider before the provider's list of subscriptions is read and a new one opens.
   */
  async function openCheckoutOnce(
    userId: string,
    fingerprint: string,
    open: () => Promise<{ id: string; url: string }>,
  ) {
    const lock = await data.subscriptions.claimCheckoutLock(userId, fingerprint, CHECKOUT_LEASE_SECONDS);
    if (!lock) {
      throw new HttpError(409, CHECKOUT_REFUSALS.inProgress.code, CHECKOUT_REFUSALS.inProgress.message);
    }
    let recorded = false;
    try {
      if (lock.previousSessionId && lock.previousFingerprint !== fingerprint) {
        // A paid one made its subscription already, which the provider's list in open() then shows.
        await viaProvider(() => payments.expireCheckoutSession(lock.previousSessionId!));
      }
      const session = await open();
      recorded = await data.subscriptions.recordCheckoutSession(userId, fingerprint, session.id);
      if (!recorded) {
        // Another tab's checkout took over meanwhile: this session must not stay payable.
        await viaProvider(() => payments.expireCheckoutSession(session.id));
        throw new HttpError(409, CHECKOUT_REFUSALS.inProgress.code, CHECKOUT_REFUSALS.inProgress.message);
      }
      return session;
    } finally {
      if (!recorded) await data.subscriptions.releaseCheckoutLock(userId, fingerprint);
    }
  }

  const productsRoute = createRoute({
    method: 'get',
    path: '/oauth/subscription/products',
    tags: ['subscription'],
    summary: 'The plans offered, from the payment provider (spec §3 "Plan")',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    responses: { 200: jsonContent(productsResponseSchema, 'Plans'), ...withErrors },
  });

  const selectPlanRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/select-plan',
    tags: ['subscription'],
    summary: "Save the owner's plan choice before checkout",
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams, ...jsonBody(selectPlanRequestSchema) },
    responses: {
      200: jsonContent(selectPlanResponseSchema, 'Saved'),
      ...withErrors,
    },
  });

  const checkoutRoute = createRoute({
    method: 'post',
    path: '/oauth/subscription/checkout',
    tags: ['subscription'],
    summary: `Start a checkout with a ${TRIAL_DAYS}-day trial; the URLs must be on our own origin`,
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    request: jsonBody(checkoutRequestSchema),
    responses: { 200: jsonContent(checkoutResponseSchema, 'Where to send the browser'), ...withErrors },
  });

  const statusRoute = createRoute({
    method: 'get',
    path: '/oauth/subscription/status',
    tags: ['subscription'],
    summary: "The owner's subscription as the latest webhook left it ('none' before any)",
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    responses: { 200: jsonContent(subscriptionStatusSchema, 'Status'), ...withErrors },
  });

  const upcomingInvoiceRoute = createRoute({
    method: 'get',
    path: '/oauth/subscription/upcoming-invoice',
    tags: ['subscription'],
    summary: "The owner's next invoice after coupons and referral credits (null when there is none)",
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    responses: { 200: jsonContent(upcomingInvoiceResponseSchema, 'Next invoice'), ...withErrors },
  });

  const profileRoute = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/customer-profile',
    tags: ['subscription'],
    summary: "The owner's billing profile: customer, selected plan and subscription",
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: { 200: jsonContent(customerProfileSchema, 'Profile'), ...withErrors },
  });

  const portalRoute = createRoute({
    method: 'post',
    path: '/oauth/subscription/portal',
    tags: ['subscription'],
    summary: 'A billing-portal session (payment method, plan change, cancel)',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    request: jsonBody(portalRequestSchema),
    responses: { 200: jsonContent(portalResponseSchema, 'Where to send the browser'), ...withErrors },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(productsRoute, async (c) => {
      const products = await viaProvider(() => payments.listPlans());
      return c.json({ products }, 200);
    })
    .openapi(selectPlanRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const { price_id: priceId } = c.req.valid('json');
      await findPlan(priceId);
      await data.subscriptions.selectPlan(userId, priceId);
      return c.json({ selected: true as const, price_id: priceId }, 200);
    })
    .openapi(checkoutRoute, async (c) => {
      const user = c.get('user')!;
      const body = c.req.valid('json');
      const claimedUser = body.user_id ?? body.metadata?.cognito_user_id;
      if (claimedUser && claimedUser !== user.sub)
        throw forbidden('You can only start a checkout for yourself');
      requireOwnOrigin('success_url', body.success_url);
      requireOwnOrigin('cancel_url', body.cancel_url);
      const plan = await findPlan(body.price_id);
      if (isWaitListPlan(plan)) throw badRequest('This plan is not available yet; join its waitlist instead');
      if (body.business_id) {
        const businessConfig = await data.businessConfigs.getConfig(user.sub);
        if (businessConfig?.business_id !== body.business_id) throw notFound(BUSINESS_ID_NOT_FOUND);
      }
      refuseWhenSubscribed((await data.subscriptions.getSubscription(user.sub)).status);
      await enforceUserQuota(rateLimiter, 'checkoutSessions', user.sub, TOO_MANY_REQUESTS);
      const customerId = await customerFor(user.sub, user.email);
      const window = Math.floor(now().getTime() / CHECKOUT_IDEMPOTENCY_WINDOW_MS);
      const fingerprint = createHash('sha256')
        .update(JSON.stringify([body.price_id, body.success_url, body.cancel_url, window]))
        .digest('hex')
        .slice(0, 32);
      const session = await openCheckoutOnce(user.sub, fingerprint, async () => {
        // The provider's own list, not the webhook-fed copy: a subscription paid a second ago counts.
        const standing = billingStanding(await viaProvider(() => payments.listSubscriptions(customerId)));
        if (standing.live) refuseWhenSubscribed('active');
        if (standing.paymentFailed) refuseWhenSubscribed('past_due');
        const trialDays = standing.hadTrial ? 0 : TRIAL_DAYS;
        const coupon = trialDays > 0 ? await friendCoupon(user.sub, plan) : undefined;
        return viaProvider(() =>
          payments.createCheckoutSession({
            customerId,
            priceId: body.price_id,
            userId: user.sub,
            successUrl: body.success_url,
            cancelUrl: body.cancel_url,
            trialDays,
            metadata: { cognito_user_id: user.sub, price_id: body.price_id },
            idempotencyKey: `checkout-${user.sub}-${fingerprint}-t${trialDays}${coupon ? `-${coupon.id}` : ''}`,
            coupon,
          }),
        );
      });
      // The local provider answers with a path on this API; Stripe with its own absolute URL.
      const checkoutUrl = new URL(session.url, c.req.url).toString();
      return c.json({ checkout_url: checkoutUrl, session_id: session.id }, 200);
    })
    .openapi(statusRoute, async (c) =>
      c.json(await data.subscriptions.getSubscription(c.get('user')!.sub), 200),
    )
    .openapi(upcomingInvoiceRoute, async (c) => {
      const userId = c.get('user')!.sub;
      await enforceUserQuota(rateLimiter, 'invoicePreviews', userId, TOO_MANY_REQUESTS);
      const [subscription, customerId] = await Promise.all([
        data.subscriptions.getSubscription(userId),
        data.subscriptions.getCustomerId(userId),
      ]);
      if (!isSubscribed(subscription.status) || !subscription.stripe_subscription_id || !customerId) {
        return c.json({ invoice: null }, 200);
      }
      const subscriptionId = subscription.stripe_subscription_id;
      const preview = await viaProvider(() => payments.previewNextInvoice(customerId, subscriptionId));
      return c.json(
        {
          invoice: preview
            ? {
                subtotal: preview.subtotal,
                discount: preview.discount,
                credit_applied: preview.creditApplied,
                amount_due: preview.amountDue,
                credit_remaining: preview.creditRemaining,
                next_payment_at:
                  preview.nextPaymentAt === null
                    ? null
                    : new Date(preview.nextPaymentAt * 1000).toISOString(),
              }
            : null,
        },
        200,
      );
    })
    .openapi(profileRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const [customerId, selectedPriceId, subscription] = await Promise.all([
        data.subscriptions.getCustomerId(userId),
        data.subscriptions.getSelectedPriceId(userId),
        data.subscriptions.getSubscription(userId),
      ]);
      return c.json(
        {
          user_id: userId,
          email: c.get('user')!.email ?? null,
          customer_id: customerId ?? null,
          selected_price_id: selectedPriceId ?? null,
          subscription,
        },
        200,
      );
    })
    .openapi(portalRoute, async (c) => {
      const user = c.get('user')!;
      const { return_url: returnUrl, price_id: priceId } = c.req.valid('json');
      requireOwnOrigin('return_url', returnUrl);
      const customerId = await data.subscriptions.getCustomerId(user.sub);
      if (!customerId) throw notFound('No billing account yet. Choose a plan first.');
      await enforceUserQuota(rateLimiter, 'portalSessions', user.sub, TOO_MANY_REQUESTS);
      let updateTo: { subscriptionId: string; priceId: string } | undefined;
      if (priceId) {
        // 'Upgrade' opens the portal on confirming the chosen plan: only a live subscription can change.
        const plan = await findPlan(priceId);
        if (isWaitListPlan(plan))
          throw badRequest('This plan is not available yet; join its waitlist instead');
        const subscription = await data.subscriptions.getSubscription(user.sub);
        if (!isSubscribed(subscription.status) || !subscription.stripe_subscription_id) {
          throw new HttpError(
            409,
            'no_subscription',
            'There is no subscription to change. Choose a plan first.',
          );
        }
        if (subscription.price_id === priceId) {
          throw new HttpError(409, 'already_on_plan', 'You are already on this plan.');
        }
        updateTo = { subscriptionId: subscription.stripe_subscription_id, priceId };
      }
      const session = await viaProvider(() =>
        payments.createPortalSession({ customerId, returnUrl, updateTo }),
      );
      return c.json({ portal_url: new URL(session.url, c.req.url).toString() }, 200);
    });
};
