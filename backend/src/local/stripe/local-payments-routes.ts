import { Hono } from 'hono';
import { htmlPage } from '../../platform/http/html-page';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { formatPlanPrice, TRIAL_DAYS } from '@shared/plans';
import { BRAND } from '@shared/brand';
import type { FriendCoupon } from '@shared/referral-rewards';
import type { AppEnv } from '../../entry/app-types';
import type { Logger } from '../../platform/logging/logger';
import type { PaymentEvent } from '../../providers/payments/port';
import {
  LOCAL_PAYMENTS_PATH,
  ONBOARDING_OUTCOMES,
  type ClockAction,
  type LocalPaymentsProvider,
  type OnboardingOutcome,
  type LocalSubscription,
} from './local-payments';
import { signWebhookPayload } from '../../providers/payments/webhook-signature';
import { STRIPE_WEBHOOK_PATH } from '../../capabilities/billing/routes';
import { STRIPE_CONNECT_WEBHOOK_PATH } from '../../capabilities/payouts/routes';

type LocalPaymentsOptions = {
  provider: LocalPaymentsProvider;
  webhookSecret: string;
  /** Connected accounts' events go to their own endpoint, signed with its own secret (as Stripe does). */
  connectWebhookSecret: string;
  now: () => Date;
  logger: Logger;
  /** Sends a request to our own app (the same Hono app's fetch), as Stripe would over HTTPS. */
  dispatch: (request: Request) => Promise<Response>;
};

const CLOCK_ACTIONS: Record<ClockAction, string> = {
  end_trial: 'End trial now (payment succeeds)',
  renew: 'Renew now (payment succeeds)',
  fail_payment: 'Fail the next payment',
  refund_last_payment: 'Refund the last payment',
};

/** A coupon as Stripe's pages word it: "100% off for 1 month" or "$16.58 off for 1 month". */
const couponLine = (coupon: FriendCoupon) =>
  `${coupon.name}: ${
    coupon.percentOff !== undefined ? `${coupon.percentOff}%` : formatCents(coupon.amountOffCents ?? 0)
  } off for ${coupon.durationInMonths} month`;

/** Stripe's sign: a negative balance is credit the next invoices use. */
const balanceLine = (balance: number) =>
  balance < 0
    ? `${formatCents(-balance)} credit, applied to the next invoices`
    : balance > 0
      ? `${formatCents(balance)} owed, added to the next invoice`
      : 'No balance';

const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const date = (seconds: number | null) =>
  seconds === null ? '—' : new Date(seconds * 1000).toISOString().slice(0, 10);

const LAYOUT_STYLES = `
  body {
    padding: 32px 16px;
  }
  main {
    max-width: 560px;
    margin: 0 auto;
  }
  .banner {
    background: #fef3c7;
    color: #92400e;
    border-radius: 8px;
    padding: 8px 12px;
    font-size: 0.85rem;
    margin-bottom: 16px;
  }
  .card {
    background: #fff;
    border: 1px solid #dfe3ea;
    border-radius: 12px;
    padding: 20px 24px;
    margin-bottom: 16px;
  }
  .price {
    font-size: 2rem;
    font-weight: 700;
  }
  .muted {
    color: #5b6475;
  }
  .row {
    display: flex;
    gap: 8px;
    flex-wrap: wrap;
    align-items: center;
    margin-top: 12px;
  }
  button,
  .button {
    font: inherit;
    font-weight: 600;
    border-radius: 8px;
    padding: 10px 18px;
    border: 1px solid #dfe3ea;
    background: #fff;
    color: #14171f;
    cursor: pointer;
    text-decoration: none;
    display: inline-block;
  }
  .primary {
    background: #4f46e5;
    border-color: #4f46e5;
    color: #fff;
  }
  .danger {
    color: #b91c1c;
  }
  .status {
    font-weight: 700;
    text-transform: uppercase;
    font-size: 0.8rem;
    letter-spacing: 0.05em;
  }
  select {
    font: inherit;
    padding: 8px;
    border-radius: 8px;
    border: 1px solid #dfe3ea;
  }
  form {
    margin: 0;
  }
`;

const layout = (title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) =>
  htmlPage({
    title,
    styles: LAYOUT_STYLES,
    body: html`<main>
      <div class="banner">
        Local payments provider: no card is charged. ${BRAND.name} is running without Stripe.
      </div>
      ${body}
    </main>`,
  });

/**
 * The local payments provider's own pages, standing in for Stripe Checkout and the Stripe billing portal.
 * Every change sends its events, signed with the webhook secret, to our own POST /webhooks/stripe before
 * the browser moves on, exactly as Stripe would.
 */
export function localPaymentsRoutes({
  provider,
  webhookSecret,
  connectWebhookSecret,
  now,
  logger,
  dispatch,
}: LocalPaymentsOptions) {
  async function deliver(events: PaymentEvent[]) {
    for (const event of events) {
      const payload = JSON.stringify(event);
      const [path, secret] = event.account
        ? [STRIPE_CONNECT_WEBHOOK_PATH, connectWebhookSecret]
        : [STRIPE_WEBHOOK_PATH, webhookSecret];
      const response = await dispatch(
        new Request(`http://local-payments${path}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Stripe-Signature': await signWebhookPayload(payload, secret, Math.floor(now().getTime() / 1000)),
          },
          body: payload,
        }),
      );
      if (!response.ok) {
        logger.error('local_webhook_delivery_failed', { event_id: event.id, status: response.status });
        throw new Error(`Webhook ${event.type} was refused with status ${response.status}`);
      }
    }
  }

  const priceLine = (priceId: string) => {
    const plan = provider.planForPrice(priceId);
    if (!plan) return priceId;
    const price = formatPlanPrice(plan);
    return `${plan.name} — ${price.price}${price.period}${price.perMonth ? ` (${price.perMonth})` : ''}`;
  };

  const subscriptionCard = (portalId: string, subscription: LocalSubscription) => {
    const base = `${LOCAL_PAYMENTS_PATH}/portal/${portalId}/subscriptions/${subscription.id}`;
    const open = subscription.status !== 'canceled';
    // Stripe's portal lets a customer whose renewal failed add a card and pay the open invoice.
    const failing = subscription.status === 'past_due' || subscription.status === 'unpaid';
    return html`<section class="card" data-testid="local-subscription">
      <div class="status" data-testid="local-subscription-status">${subscription.status}</div>
      <h2>${priceLine(subscription.price_id)}</h2>
      <p class="muted">
        Trial ends ${date(subscription.trial_end)} · current period ends
        ${date(subscription.current_period_end)}
      </p>
      ${
        subscription.discount && subscription.discount.invoices_left > 0
          ? html`<p data-testid="local-subscription-coupon">${couponLine(subscription.discount.coupon)}</p>`
          : raw('')
      }
      ${
        open
          ? html`<form method="post" action="${base}/change" class="row">
                <label for="price-${subscription.id}">Change plan</label>
                <select id="price-${subscription.id}" name="price_id">
                  ${provider.plans
                    .filter((plan) => plan.metadata.WaitList !== 'True')
                    .map(
                      (plan) =>
                        html`<option
                          value="${plan.price_id}"
                          ${plan.price_id === subscription.price_id ? 'selected' : ''}
                        >
                          ${priceLine(plan.price_id)}
                        </option>`,
                    )}
                </select>
                <button type="submit">Update plan</button>
              </form>
              <div class="row">
                <span class="muted">Advance the clock:</span>
                ${(Object.keys(CLOCK_ACTIONS) as ClockAction[])
                  .filter((action) => action !== 'end_trial' || subscription.status === 'trialing')
                  .map(
                    (action) =>
                      html`<form method="post" action="${base}/clock">
                        <input type="hidden" name="action" value="${action}" />
                        <button type="submit">${CLOCK_ACTIONS[action]}</button>
                      </form>`,
                  )}
              </div>
              ${
                failing
                  ? html`<form method="post" action="${base}/clock" class="row">
                      <input type="hidden" name="action" value="renew" />
                      <button type="submit" class="primary" data-testid="local-update-card">
                        Update card and pay now
                      </button>
                    </form>`
                  : raw('')
              }
              <form method="post" action="${base}/cancel" class="row">
                <button type="submit" class="danger">Cancel plan</button>
              </form>`
          : raw('')
      }
    </section>`;
  };

  const errorPage = (message: string) =>
    layout(
      'Payment error',
      html`<section class="card">
        <h1>Something went wrong</h1>
        <p>${message}</p>
      </section>`,
    );

  return new Hono<AppEnv>()
    .get(`${LOCAL_PAYMENTS_PATH}/checkout/:id`, async (c) => {
      const session = await provider.getCheckoutSession(c.req.param('id'));
      if (!session) return c.html(errorPage('This checkout session does not exist.'), 404);
      const plan = provider.planForPrice(session.price_id);
      const price = plan ? formatPlanPrice(plan) : undefined;
      const trialEnds = date(Math.floor(now().getTime() / 1000) + session.trial_period_days * 86_400);
      if (session.status === 'expired') {
        return c.html(
          layout(
            'Checkout expired',
            html`<section class="card">
              <h1 data-testid="checkout-expired">This checkout has expired</h1>
              <p>A newer checkout was started for this account. Choose your plan again to continue.</p>
              <a class="button primary" href="${session.cancel_url}">Back</a>
            </section>`,
          ),
          410,
        );
      }
      if (session.status === 'complete') {
        return c.html(
          layout(
            'Already paid',
            html`<section class="card">
              <h1>This checkout is complete</h1>
              <a class="button primary" href="${session.success_url}">Continue</a>
            </section>`,
          ),
        );
      }
      return c.html(
        layout(
          `Checkout — ${plan?.name ?? session.price_id}`,
          html`<section class="card">
            <p class="muted">Subscribe to ${BRAND.name}</p>
            <h1 data-testid="checkout-plan">${plan?.name ?? session.price_id}</h1>
            <div class="price" data-testid="checkout-price">
              ${price?.price}<span class="muted">${price?.period}</span>
            </div>
            ${price?.perMonth ? html`<p class="muted">${price.perMonth} billed yearly</p>` : raw('')}
            ${
              session.coupon
                ? html`<p data-testid="checkout-coupon">
                    ${couponLine(session.coupon)}: your first paid
                    ${plan?.interval === 'year' ? 'month’s worth' : 'month'} is free.
                  </p>`
                : raw('')
            }
            <p data-testid="checkout-trial">
              ${
                session.trial_period_days > 0
                  ? `${session.trial_period_days}-day free trial: $0 due today, then ${price?.price}${price?.period} from ${trialEnds}.`
                  : `No free trial (this account has had one): ${price?.price} due today, then ${price?.price}${price?.period}.`
              }
            </p>
            <div class="row">
              <form method="post" action="${LOCAL_PAYMENTS_PATH}/checkout/${session.id}/pay">
                <button type="submit" class="primary">Pay</button>
              </form>
              <a class="button" href="${session.cancel_url}">Cancel</a>
            </div>
          </section>`,
        ),
      );
    })
    .post(`${LOCAL_PAYMENTS_PATH}/checkout/:id/pay`, async (c) => {
      const id = c.req.param('id');
      const existing = await provider.getCheckoutSession(id);
      if (!existing) return c.html(errorPage('This checkout session does not exist.'), 404);
      let completed: Awaited<ReturnType<LocalPaymentsProvider['completeCheckout']>>;
      try {
        completed = await provider.completeCheckout(id);
      } catch (error) {
        return c.html(errorPage((error as Error).message), 410);
      }
      const { session, events } = completed;
      try {
        await deliver(events);
      } catch (error) {
        return c.html(errorPage((error as Error).message), 502);
      }
      return c.redirect(session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id), 303);
    })
    .get(`${LOCAL_PAYMENTS_PATH}/pay/:id`, async (c) => {
      const session = await provider.getPaymentSession(c.req.param('id'));
      if (!session) return c.html(errorPage('This payment link does not exist.'), 404);
      if (session.status === 'complete') {
        return c.html(
          layout(
            'Paid',
            html`<section class="card">
              <h1 data-testid="payment-done">Payment received</h1>
              <p>
                ${session.description}: ${formatCents(session.amount_total)} paid. You can close this page.
              </p>
            </section>`,
          ),
        );
      }
      return c.html(
        layout(
          'Pay deposit',
          html`<section class="card">
            <p class="muted">Secure payment</p>
            <h1 data-testid="payment-description">${session.description}</h1>
            <div class="price" data-testid="payment-amount">${formatCents(session.amount_total)}</div>
            <div class="row">
              <form method="post" action="${LOCAL_PAYMENTS_PATH}/pay/${session.id}/pay">
                <button type="submit" class="primary">Pay ${formatCents(session.amount_total)}</button>
              </form>
              <a class="button" href="${session.cancel_url}">Cancel</a>
            </div>
          </section>`,
        ),
      );
    })
    .post(`${LOCAL_PAYMENTS_PATH}/pay/:id/pay`, async (c) => {
      const id = c.req.param('id');
      if (!(await provider.getPaymentSession(id))) {
        return c.html(errorPage('This payment link does not exist.'), 404);
      }
      const { events } = await provider.completePayment(id);
      try {
        await deliver(events);
      } catch (error) {
        return c.html(errorPage((error as Error).message), 502);
      }
      return c.redirect(`${LOCAL_PAYMENTS_PATH}/pay/${id}`, 303);
    })
    .get(`${LOCAL_PAYMENTS_PATH}/connect/onboard/:link`, async (c) => {
      const link = await provider.getAccountLink(c.req.param('link'));
      if (!link) return c.html(errorPage('This onboarding link does not exist.'), 404);
      // Like Stripe: a used or expired link sends the owner to the refresh URL, where the app makes a new one.
      if (link.used || link.valid_until <= Math.floor(now().getTime() / 1000)) {
        return c.redirect(link.refresh_url, 303);
      }
      const account = await provider.getAccount(link.account);
      return c.html(
        layout(
          'Set up payouts',
          html`<section class="card" data-testid="local-connect-onboarding">
            <p class="muted">Stripe Connect onboarding</p>
            <h1>Get paid with Stripe</h1>
            <p>
              ${account?.business_profile.name ?? 'Your business'}${
                account?.email ? html` · <span class="muted">${account.email}</span>` : raw('')
              }
            </p>
            <p class="muted">
              Stripe would ask for the business's details and a bank account here. Deposits your assistant
              collects are paid into this account.
            </p>
            <div class="row">
              ${(Object.keys(ONBOARDING_OUTCOMES) as OnboardingOutcome[]).map(
                (outcome) =>
                  html`<form
                    method="post"
                    action="${LOCAL_PAYMENTS_PATH}/connect/onboard/${link.id}/${outcome}"
                  >
                    <button type="submit" class="${outcome === 'complete' ? 'primary' : ''}">
                      ${ONBOARDING_OUTCOMES[outcome]}
                    </button>
                  </form>`,
              )}
            </div>
          </section>`,
        ),
      );
    })
    .post(`${LOCAL_PAYMENTS_PATH}/connect/onboard/:link/:outcome`, async (c) => {
      const outcome = c.req.param('outcome');
      if (!(outcome in ONBOARDING_OUTCOMES)) return c.html(errorPage('Unknown onboarding outcome.'), 400);
      let finished: Awaited<ReturnType<LocalPaymentsProvider['finishOnboarding']>>;
      try {
        finished = await provider.finishOnboarding(c.req.param('link'), outcome as OnboardingOutcome);
      } catch (error) {
        return c.html(errorPage((error as Error).message), 404);
      }
      if (finished.expired) return c.redirect(finished.link.refresh_url, 303);
      try {
        await deliver(finished.events);
      } catch (error) {
        return c.html(errorPage((error as Error).message), 502);
      }
      return c.redirect(finished.link.return_url, 303);
    })
    .get(`${LOCAL_PAYMENTS_PATH}/portal/:id`, async (c) => {
      const portal = await provider.getPortalSession(c.req.param('id'));
      if (!portal) return c.html(errorPage('This billing session does not exist.'), 404);
      const [subscriptions, invoices, balance] = await Promise.all([
        provider.customerSubscriptions(portal.customer),
        provider.customerInvoices(portal.customer),
        provider.customerBalance(portal.customer),
      ]);
      // Stripe's subscription_update_confirm flow: the session opens on confirming the chosen plan.
      const flowSubscription = portal.flow
        ? subscriptions.find((s) => s.id === portal.flow!.subscription && s.status !== 'canceled')
        : undefined;
      if (portal.flow && flowSubscription && flowSubscription.price_id !== portal.flow.price_id) {
        return c.html(
          layout(
            'Confirm your plan change',
            html`<section class="card" data-testid="local-update-confirm">
              <p class="muted">Update your ${BRAND.name} plan</p>
              <h1>Confirm your new plan</h1>
              <p>
                Current plan:
                <span data-testid="local-update-from">${priceLine(flowSubscription.price_id)}</span>
              </p>
              <p>
                New plan: <strong data-testid="local-update-to">${priceLine(portal.flow.price_id)}</strong>
              </p>
              ${
                flowSubscription.status === 'trialing'
                  ? html`<p class="muted">
                      Your free trial continues until ${date(flowSubscription.trial_end)}.
                    </p>`
                  : raw('')
              }
              <div class="row">
                <form method="post" action="${LOCAL_PAYMENTS_PATH}/portal/${portal.id}/confirm-update">
                  <button type="submit" class="primary">Confirm</button>
                </form>
                <a class="button" href="${portal.return_url}">Cancel</a>
              </div>
            </section>`,
          ),
        );
      }
      return c.html(
        layout(
          'Billing',
          html`<h1>Billing</h1>
            <p class="muted">Manage your ${BRAND.name} plan. Trials last ${TRIAL_DAYS} days.</p>
            ${
              subscriptions.length === 0
                ? html`<section class="card">No subscriptions yet.</section>`
                : subscriptions.map((s) => subscriptionCard(portal.id, s))
            }
            <section class="card">
              <h2>Credit balance</h2>
              <p data-testid="local-balance">${balanceLine(balance)}</p>
            </section>
            <section class="card">
              <h2>Invoices</h2>
              ${
                invoices.length === 0
                  ? html`<p class="muted">No invoices yet.</p>`
                  : html`<table data-testid="local-invoices">
                      <thead>
                        <tr>
                          <th>Date</th>
                          <th>Subtotal</th>
                          <th>Discount</th>
                          <th>Credit used</th>
                          <th>Amount due</th>
                          <th>Status</th>
                        </tr>
                      </thead>
                      <tbody>
                        ${invoices.map(
                          (invoice) =>
                            html`<tr data-testid="local-invoice">
                              <td>${date(invoice.created)}</td>
                              <td>${formatCents(invoice.subtotal)}</td>
                              <td>
                                ${formatCents(
                                  invoice.total_discount_amounts.reduce((sum, d) => sum + d.amount, 0),
                                )}
                              </td>
                              <td>
                                ${formatCents(Math.max(0, invoice.ending_balance - invoice.starting_balance))}
                              </td>
                              <td data-testid="local-invoice-amount">${formatCents(invoice.amount_due)}</td>
                              <td>${invoice.refunded ? 'refunded' : invoice.status}</td>
                            </tr>`,
                        )}
                      </tbody>
                    </table>`
              }
            </section>
            <a class="button primary" href="${portal.return_url}">Return to ${BRAND.name}</a>`,
        ),
      );
    })
    .post(`${LOCAL_PAYMENTS_PATH}/portal/:id/confirm-update`, async (c) => {
      const portal = await provider.getPortalSession(c.req.param('id'));
      if (!portal?.flow) return c.html(errorPage('This billing session has no plan change to confirm.'), 404);
      try {
        await deliver(await provider.changePlan(portal.flow.subscription, portal.flow.price_id));
      } catch (error) {
        return c.html(errorPage((error as Error).message), 400);
      }
      // after_completion: redirect, as the app asked when it created the flow.
      return c.redirect(portal.return_url, 303);
    })
    .post(`${LOCAL_PAYMENTS_PATH}/portal/:id/subscriptions/:subscriptionId/:action`, async (c) => {
      const portal = await provider.getPortalSession(c.req.param('id'));
      const subscription = await provider.getSubscription(c.req.param('subscriptionId'));
      if (!portal || !subscription || subscription.customer !== portal.customer) {
        return c.html(errorPage('This subscription does not belong to this billing session.'), 404);
      }
      const form = await c.req.parseBody();
      const action = c.req.param('action');
      try {
        let events: PaymentEvent[];
        if (action === 'cancel') events = await provider.cancel(subscription.id);
        else if (action === 'change')
          events = await provider.changePlan(subscription.id, String(form.price_id));
        else if (action === 'clock' && String(form.action) in CLOCK_ACTIONS) {
          events = await provider.advanceClock(subscription.id, String(form.action) as ClockAction);
        } else return c.html(errorPage('Unknown action.'), 400);
        await deliver(events);
      } catch (error) {
        return c.html(errorPage((error as Error).message), 400);
      }
      return c.redirect(`${LOCAL_PAYMENTS_PATH}/portal/${portal.id}`, 303);
    });
}
