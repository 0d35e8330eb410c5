import type Stripe from 'stripe';
import type { FriendCoupon } from '@shared/referral-rewards';
import { subscriptionStatusValues, type Plan } from '@shared/schemas/subscription';
import {
  PaymentProviderError,
  type CreateCheckoutInput,
  type PaymentsProvider,
  type ProviderSubscription,
} from './port';

export type StripeConnection = {
  secretKey: string;
  /** For tests against tests/fakes/stripe: e.g. http://127.0.0.1:12111. Unset in production. */
  apiBase?: string | undefined;
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The Stripe SDK's errors, mapped to the provider's kinds (no Stripe message text leaks to clients). */
function mapStripeError(error: unknown): never {
  const stripeError = error as { type?: string; statusCode?: number; message?: string };
  if (stripeError.statusCode === 404) throw new PaymentProviderError('Not found at Stripe', 'not_found');
  if (stripeError.type === 'StripeInvalidRequestError') {
    throw new PaymentProviderError(stripeError.message ?? 'Invalid request', 'invalid_request');
  }
  throw new PaymentProviderError('The payment provider is unavailable', 'provider_unavailable');
}

function toPlan(price: Stripe.Price): Plan | undefined {
  const product = price.product;
  if (!product || typeof product === 'string' || product.deleted || !price.recurring) return undefined;
  const metadata = { ...product.metadata, ...price.metadata };
  const displayOrder = Number(metadata.display_order);
  return {
    id: product.id,
    name: product.name,
    price_id: price.id,
    amount: price.unit_amount ?? 0,
    interval: price.recurring.interval,
    description: product.description ?? '',
    features: (product.marketing_features ?? []).map((f) => f.name ?? '').filter(Boolean),
    ...(Number.isFinite(displayOrder) && metadata.display_order !== undefined
      ? { display_order: displayOrder }
      : {}),
    metadata: {
      ...(metadata.ValueOrder !== undefined ? { ValueOrder: metadata.ValueOrder } : {}),
      ...(metadata.WaitList !== undefined ? { WaitList: metadata.WaitList } : {}),
    },
  };
}

/** A status a newer API version adds is treated as not paying, like 'incomplete'. */
const knownStatus = (status: string): ProviderSubscription['status'] =>
  (subscriptionStatusValues as readonly string[]).includes(status) && status !== 'none'
    ? (status as ProviderSubscription['status'])
    : 'incomplete';

function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const product = item?.price.product;
  // Since API 2025-03-31 the billing period is on the subscription items; older versions had it on top.
  const legacy = subscription as unknown as { current_period_end?: number };
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: knownStatus(subscription.status),
    priceId: item?.price.id ?? null,
    planName: product && typeof product !== 'string' && !product.deleted ? product.name : null,
    currentPeriodEnd: item?.current_period_end ?? legacy.current_period_end ?? null,
    trialEnd: subscription.trial_end,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    metadata: subscription.metadata,
  };
}

/** The real adapter: Stripe's API through the official SDK. */
export function createStripePaymentsProvider(connection: StripeConnection): PaymentsProvider {
  const base = connection.apiBase ? new URL(connection.apiBase) : undefined;
  // The SDK (a quarter of the API's start-up code) loads on the first payment call, not at cold start.
  let sdk: Promise<Stripe> | undefined;
  const client = () =>
    (sdk ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(connection.secretKey, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          ...(base
            ? {
                host: base.hostname,
                port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
                protocol: base.protocol === 'https:' ? 'https' : 'http',
              }
            : {}),
        }),
    ));

  /**
   * The friend's coupon exists once at Stripe under its own id: read it, and create it when missing (its
   * id as the idempotency key, so two first checkouts at once make one).
   */
  async function ensureCoupon(coupon: FriendCoupon): Promise<string> {
    const stripe = await client();
    try {
      return (await stripe.coupons.retrieve(coupon.id)).id;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 404) mapStripeError(error);
    }
    const created = await stripe.coupons
      .create(
        {
          id: coupon.id,
          name: coupon.name,
          duration: 'repeating',
          duration_in_months: coupon.durationInMonths,
          ...(coupon.percentOff !== undefined
            ? { percent_off: coupon.percentOff }
            : { amount_off: coupon.amountOffCents ?? 0, currency: 'usd' }),
        },
        { idempotencyKey: `coupon-${coupon.id}` },
      )
      .catch(mapStripeError);
    return created.id;
  }

  return {
    kind: 'stripe',

    async adjustCustomerBalance(input) {
      const stripe = await client();
      // Stripe forgets idempotency keys after 24 hours; the key also rides in the metadata, so a replay
      // days later (an operator's replay of a recorded event) finds the first adjustment instead of adding one.
      const earlier = await stripe.customers
        .listBalanceTransactions(input.customerId, { limit: 100 })
        .catch(mapStripeError);
      const found = earlier.data.find((t) => t.metadata?.idempotency_key === input.idempotencyKey);
      if (found) return { id: found.id };
      const transaction = await stripe.customers
        .createBalanceTransaction(
          input.customerId,
          {
            amount: input.amountCents,
            currency: 'usd',
            description: input.description,
            metadata: { ...input.metadata, idempotency_key: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        )
        .catch(mapStripeError);
      return { id: transaction.id };
    },

    async customerBalance(customerId) {
      const customer = await (await client()).customers.retrieve(customerId).catch(mapStripeError);
      return 'deleted' in customer && customer.deleted ? 0 : ((customer as Stripe.Customer).balance ?? 0);
    },

    async previewNextInvoice(customerId, subscriptionId) {
      let invoice: Stripe.Invoice;
      try {
        invoice = await (
          await client()
        ).invoices.createPreview({ customer: customerId, subscription: subscriptionId });
      } catch (error) {
        // Stripe answers invoice_upcoming_none when the subscription will not invoice again.
        if ((error as { code?: string }).code === 'invoice_upcoming_none') return undefined;
        return mapStripeError(error);
      }
      const discount = (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
      const startingCredit = Math.max(0, -(invoice.starting_balance ?? 0));
      const creditApplied = Math.min(startingCredit, Math.max(0, invoice.total));
      return {
        subtotal: invoice.subtotal,
        discount,
        creditApplied,
        amountDue: invoice.amount_due,
        creditRemaining: Math.max(0, -(invoice.ending_balance ?? invoice.starting_balance + creditApplied)),
        nextPaymentAt: invoice.next_payment_attempt ?? invoice.period_end ?? null,
      };
    },

    async listPlans() {
      const prices = await (
        await client()
      ).prices
        .list({ active: true, limit: 100, expand: ['data.product'] })
        .catch(mapStripeError);
      return prices.data.map(toPlan).filter((plan): plan is Plan => plan !== undefined);
    },

    async createCustomer(input, idempotencyKey) {
      const customer = await (
        await client()
      ).customers
        .create(
          { ...(input.email ? { email: input.email } : {}), metadata: { cognito_user_id: input.userId } },
          { idempotencyKey },
        )
        .catch(mapStripeError);
      return { id: customer.id };
    },

    async createCheckoutSession(input: CreateCheckoutInput) {
      const session = await (
        await client()
      ).checkout.sessions
        .create(
          {
            mode: 'subscription',
            customer: input.customerId,
            client_reference_id: input.userId,
            line_items: [{ price: input.priceId, quantity: 1 }],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata: input.metadata,
            ...(input.coupon ? { discounts: [{ coupon: await ensureCoupon(input.coupon) }] } : {}),
            subscription_data: {
              // A customer who has had a trial gets none: the field is left out, not sent as 0.
              ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
              metadata: { ...input.metadata, cognito_user_id: input.userId },
            },
          },
          { idempotencyKey: input.idempotencyKey },
        )
        .catch(mapStripeError);
      if (!session.url)
        throw new PaymentProviderError('Stripe returned no checkout URL', 'provider_unavailable');
      return { id: session.id, url: session.url };
    },

    async retrieveSubscription(id) {
      try {
        return toProviderSubscription(
          await (await client()).subscriptions.retrieve(id, { expand: ['items.data.price.product'] }),
        );
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return undefined;
        return mapStripeError(error);
      }
    },

    async listSubscriptions(customerId) {
      const subscriptions: ProviderSubscription[] = [];
      try {
        // Auto-pagination: a customer has few subscriptions, but none may be missed.
        for await (const subscription of (await client()).subscriptions.list({
          customer: customerId,
          status: 'all',
          limit: 100,
          expand: ['data.items.data.price.product'],
        })) {
          subscriptions.push(toProviderSubscription(subscription));
        }
      } catch (error) {
        mapStripeError(error);
      }
      return subscriptions;
    },

    async expireCheckoutSession(id) {
      try {
        await (await client()).checkout.sessions.expire(id);
        return 'expired';
      } catch (error) {
        // Only open sessions can be expired: read which state it is in instead.
        const session = await (
          await client()
        ).checkout.sessions
          .retrieve(id)
          .catch(() => mapStripeError(error));
        return session.status === 'complete' ? 'complete' : 'expired';
      }
    },

    async cancelSubscription(id) {
      await (await client()).subscriptions.cancel(id).catch(mapStripeError);
    },

    async createDepositCheckout(input) {
      const session = await (
        await client()
      ).checkout.sessions
        .create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: input.amountCents,
                  product_data: { name: input.description },
                },
              },
            ],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata: input.metadata,
            payment_intent_data: { metadata: input.metadata },
          },
          // A direct charge on the owner's account: the money is theirs, not the platform's.
          { idempotencyKey: input.idempotencyKey, stripeAccount: input.connectedAccountId },
        )
        .catch(mapStripeError);
      if (!session.url)
        throw new PaymentProviderError('Stripe returned no checkout URL', 'provider_unavailable');
      return { id: session.id, url: session.url };
    },

    async createConnectedAccount(input, idempotencyKey) {
      const account = await (
        await client()
      ).accounts
        .create(
          {
            // Standard: the owner has their own Stripe dashboard, payouts and disputes; we never hold funds.
            type: 'standard',
            ...(input.email ? { email: input.email } : {}),
            ...(input.businessName ? { business_profile: { name: input.businessName } } : {}),
            metadata: { owner_id: input.ownerId },
          },
          { idempotencyKey },
        )
        .catch(mapStripeError);
      return { id: account.id };
    },

    async createAccountLink(input) {
      const link = await (
        await client()
      ).accountLinks
        .create({
          account: input.accountId,
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
          type: 'account_onboarding',
        })
        .catch(mapStripeError);
      return { url: link.url };
    },

    async retrieveConnectedAccount(id) {
      try {
        const account = await (await client()).accounts.retrieve(id);
        return {
          id: account.id,
          details_submitted: account.details_submitted ?? false,
          charges_enabled: account.charges_enabled ?? false,
          payouts_enabled: account.payouts_enabled ?? false,
          requirements_due: account.requirements?.currently_due ?? [],
        };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return undefined;
        return mapStripeError(error);
      }
    },

    async refundDeposit({ accountId, sessionId, idempotencyKey }) {
      const stripe = await client();
      const session = await stripe.checkout.sessions
        .retrieve(sessionId, {}, { stripeAccount: accountId })
        .catch(mapStripeError);
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent) throw new PaymentProviderError('The deposit was not paid', 'invalid_request');
      const refund = await stripe.refunds
        .create(
          { payment_intent: paymentIntent, metadata: session.metadata ?? {} },
          { stripeAccount: accountId, idempotencyKey },
        )
        .catch(mapStripeError);
      return { id: refund.id };
    },

    async createPortalSession({ customerId, returnUrl, updateTo }) {
      let flowData: Stripe.BillingPortal.SessionCreateParams.FlowData | undefined;
      if (updateTo) {
        // The flow names the subscription item whose price changes: the subscription's only item.
        const subscription = await (
          await client()
        ).subscriptions
          .retrieve(updateTo.subscriptionId)
          .catch(mapStripeError);
        const item = subscription.items.data[0];
        if (!item) throw new PaymentProviderError('The subscription has no item', 'invalid_request');
        flowData = {
          type: 'subscription_update_confirm',
          subscription_update_confirm: {
            subscription: updateTo.subscriptionId,
            items: [{ id: item.id, price: updateTo.priceId, quantity: 1 }],
          },
          after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
        };
      }
      const session = await (
        await client()
      ).billingPortal.sessions
        .create({ customer: customerId, return_url: returnUrl, ...(flowData ? { flow_data: flowData } : {}) })
        .catch(mapStripeError);
      return { url: session.url };
    },
  };
}
