import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  defaultDepositSettings,
  depositSettingsSchema,
  getPaidStatusSchema,
  onboardingLinkSchema,
  type GetPaidStatus,
} from '@shared/schemas/get-paid';
import { depositAvailabilityOf, depositCentsOf } from '@shared/get-paid';
import type { PayoutsDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { payoutStateOfItem, type Payouts } from './records/payouts';
import { tooManyRequests } from '../../platform/errors/http-error';
import { objectiveBriefs, wantsDeposits } from '../receptionist/index';
import { publicBaseUrl } from '../../platform/config/env';
import { viaProvider } from '../billing/index';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

/** Onboarding links an owner may open per day: each is a call to Stripe and a stored link locally. */
export const MAX_ONBOARDING_LINKS_PER_DAY = 20;

const path = '/oauth/users/{userId}/get-paid';

/**
 * Issue 12 §3, the dashboard's Get paid card (docs/decisions/150): the owner's own Stripe account through
 * Connect onboarding links, the deposit settings, and what has been collected. Deposits are taken only once
 * the account can be paid, so the card says why they are off until then.
 */
export const getPaidRoutes = (deps: PayoutsDeps) => {
  const { data, config, verifyToken } = deps;
  const payments = deps.providers.payments;
  const auth = requireAuth(verifyToken);
  const statusRoute = createRoute({
    tags: ['get-paid'],
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    method: 'get',
    path,
    summary: 'Where the owner’s payout account stands, the deposit settings and the deposits collected',
    request: { params: userIdParams },
    responses: { 200: jsonContent(getPaidStatusSchema, 'The status'), ...errorResponses },
  });
  const onboardingRoute = createRoute({
    tags: ['get-paid'],
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    method: 'post',
    path: `${path}/onboarding`,
    summary: 'An onboarding link for the owner’s Stripe account (created on the first call, once)',
    request: { params: userIdParams },
    responses: { 200: jsonContent(onboardingLinkSchema, 'Open this URL'), ...errorResponses },
  });
  const settingsRoute = createRoute({
    tags: ['get-paid'],
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    method: 'put',
    path: `${path}/settings`,
    summary: 'Save the deposit: a fixed amount or a percentage, and the refund window',
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: depositSettingsSchema } }, required: true },
    },
    responses: { 200: jsonContent(getPaidStatusSchema, 'Saved'), ...errorResponses },
  });

  /** While the account is not ready, its state is read from the provider too (a missed webhook heals). */
  async function refreshed(ownerId: string, payouts: Payouts): Promise<Payouts> {
    if (!payouts.account_id || payoutStateOfItem(payouts) === 'ready') return payouts;
    try {
      const account = await payments.retrieveConnectedAccount(payouts.account_id);
      if (!account) return payouts;
      const { id: _id, ...snapshot } = account;
      await data.payouts.syncAccount(ownerId, payouts.account_id, snapshot);
      return { ...payouts, ...snapshot };
    } catch (error) {
      deps.logger.warn('get_paid.refresh_failed', { error: String(error) });
      return payouts;
    }
  }

  async function status(ownerId: string): Promise<GetPaidStatus> {
    const [stored, businessConfig, objective] = await Promise.all([
      data.payouts.get(ownerId),
      data.businessConfigs.getConfig(ownerId),
      data.objectives.getObjective(ownerId),
    ]);
    const payouts = await refreshed(ownerId, stored);
    const state = payoutStateOfItem(payouts);
    const settings = payouts.settings ?? defaultDepositSettings(businessConfig?.deposit_amount_cents);
    return {
      state,
      requirements_due: payouts.requirements_due ?? [],
      deposits: depositAvailabilityOf(wantsDeposits(objectiveBriefs(objective)), state),
      deposit_cents: depositCentsOf(settings),
      settings,
      collected_cents: payouts.collected_cents,
    };
  }

  return new OpenAPIHono<AppEnv>()
    .openapi(statusRoute, async (c) => c.json(await status(c.req.valid('param').userId), 200))
    .openapi(onboardingRoute, async (c) => {
      const { userId } = c.req.valid('param');
      if (!(await deps.rateLimiter.hit(`get-paid-links#${userId}`, MAX_ONBOARDING_LINKS_PER_DAY, 86_400))) {
        throw tooManyRequests('Too many onboarding attempts today. Please try again tomorrow.');
      }
      let accountId = (await data.payouts.get(userId)).account_id;
      if (!accountId) {
        const businessConfig = await data.businessConfigs.getConfig(userId);
        // One key per owner: parallel starts (two tabs, a double click) get the same account from Stripe.
        const created = await viaProvider(() =>
          payments.createConnectedAccount(
            {
              ownerId: userId,
              email: c.get('user')?.email,
              businessName: businessConfig?.business_name,
            },
            `connect-account-${userId}`,
          ),
        );
        accountId = (await data.payouts.claimAccount(userId, created.id)).accountId;
      }
      const appUrl = (config.publicAppUrl ?? '').replace(/\/+$/, '');
      const link = await viaProvider(() =>
        payments.createAccountLink({
          accountId,
          refreshUrl: `${appUrl}/dashboard?tab=overview&stripe=refresh`,
          returnUrl: `${appUrl}/dashboard?tab=overview&stripe=return`,
        }),
      );
      const url = link.url.startsWith('/') ? `${publicBaseUrl(config)}${link.url}` : link.url;
      return c.json({ url }, 200);
    })
    .openapi(settingsRoute, async (c) => {
      const { userId } = c.req.valid('param');
      await data.payouts.saveSettings(userId, c.req.valid('json'));
      return c.json(await status(userId), 200);
    });
};
