import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

type StripeObject = Record<string, unknown> & { id: string };
export type RecordedRequest = {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  /** The Stripe-Account header: a request made on a connected account's behalf. */
  stripeAccount: string | undefined;
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects and arrays. */
export function parseStripeForm(encoded: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_fake${randomBytes(8).toString('hex')}`;

/**
 * The parts of Stripe's REST API the real adapter calls, on the wire: bearer secret key, form-encoded
 * bodies, Idempotency-Key replay, expanded products, list envelopes and Stripe's error shape.
 */
export async function startFakeStripe(options: { secretKey: string }) {
  const products = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const customers = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const accounts = new Map<string, StripeObject>();
  /** Payment-mode sessions, with the connected account they were made on. */
  const paymentSessions = new Map<string, StripeObject & { account: string | undefined }>();
  const refunds = new Map<string, StripeObject>();
  const coupons = new Map<string, StripeObject>();
  const balanceTransactions = new Map<string, StripeObject>();
  /** Checkout sessions in subscription mode, as created (with their discounts). */
  const checkoutSessions = new Map<string, StripeObject>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];

  const error = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });
  const missing = (what: string, value: string) =>
    error(404, 'invalid_request_error', `No such ${what}: '${value}'`, 'resource_missing');
  const withProduct = (price: StripeObject) => ({ ...price, product: products.get(price.product as string) });

  function route(
    method: string,
    path: string,
    params: Record<string, unknown>,
    account: string | undefined,
  ): { status: number; body: unknown } {
    if (account && !accounts.has(account)) {
      return error(
        403,
        'invalid_request_error',
        `The provided key does not have access to account '${account}'`,
      );
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const created = {
        id: id('acct'),
        object: 'account',
        type: params.type,
        email: params.email ?? null,
        business_profile: params.business_profile ?? {},
        metadata: params.metadata ?? {},
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { currently_due: ['external_account', 'tos_acceptance.date'] },
      };
      accounts.set(created.id, created);
      return { status: 200, body: created };
    }
    const accountMatch = path.match(/^\/v1\/accounts\/([^/]+)$/);
    if (method === 'GET' && accountMatch) {
      const found = accounts.get(accountMatch[1]!);
      return found ? { status: 200, body: found } : missing('account', accountMatch[1]!);
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(params.account as string)) return missing('account', String(params.account));
      if (params.type !== 'account_onboarding' || !params.refresh_url || !params.return_url) {
        return error(
          400,
          'invalid_request_error',
          'Missing required param: refresh_url, return_url or type.',
        );
      }
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: Math.floor(Date.now() / 1000),
          expires_at: Math.floor(Date.now() / 1000) + 300,
          url: `https://connect.stripe.test/setup/s/${params.account}/${id('link')}`,
        },
      };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions' && params.mode === 'payment') {
      const lineItems = params.line_items as Array<{ price_data?: { unit_amount?: string } }> | undefined;
      const amount = Number(lineItems?.[0]?.price_data?.unit_amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return error(
          400,
          'invalid_request_error',
          "The Checkout Session's total amount due must add up to at least $0.50 usd",
        );
      }
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: 'payment',
        amount_total: amount,
        metadata: params.metadata ?? {},
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        url: `https://checkout.stripe.test/c/pay/${id('cs')}`,
        account,
      };
      paymentSessions.set(session.id, session);
      return { status: 200, body: session };
    }
    const sessionMatch = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (method === 'GET' && sessionMatch) {
      const session = paymentSessions.get(sessionMatch[1]!);
      // Like Stripe: an object on a connected account is invisible without that account's header.
      if (!session || session.account !== account) return missing('checkout.session', sessionMatch[1]!);
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const session = [...paymentSessions.values()].find(
        (s) => s.payment_intent && s.payment_intent === params.payment_intent && s.account === account,
      );
      if (!session) return missing('payment_intent', String(params.payment_intent));
      if ([...refunds.values()].some((r) => r.payment_intent === params.payment_intent)) {
        return error(
          400,
          'invalid_request_error',
          'Charge has already been refunded.',
          'charge_already_refunded',
        );
      }
      const refund = {
        id: id('re'),
        object: 'refund',
        amount: session.amount_total,
        payment_intent: params.payment_intent,
        metadata: params.metadata ?? {},
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }

    if (method === 'GET' && path === '/v1/prices') {
      const data = [...prices.values()].filter((p) => params.active !== 'true' || p.active).map(withProduct);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/prices' } };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        metadata: params.metadata ?? {},
        balance: 0,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    const customerMatch = path.match(/^\/v1\/customers\/([^/]+)$/);
    if (method === 'GET' && customerMatch) {
      const customer = customers.get(customerMatch[1]!);
      return customer ? { status: 200, body: customer } : missing('customer', customerMatch[1]!);
    }
    const balanceMatch = path.match(/^\/v1\/customers\/([^/]+)\/balance_transactions$/);
    if (method === 'GET' && balanceMatch) {
      if (!customers.has(balanceMatch[1]!)) return missing('customer', balanceMatch[1]!);
      // Newest first, like Stripe's list.
      const data = [...balanceTransactions.values()].filter((t) => t.customer === balanceMatch[1]).reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: path } };
    }
    if (method === 'POST' && balanceMatch) {
      const customer = customers.get(balanceMatch[1]!);
      if (!customer) return missing('customer', balanceMatch[1]!);
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount === 0 || !params.currency) {
        return error(400, 'invalid_request_error', 'Missing required param: amount or currency.');
      }
      customer.balance = (customer.balance as number) + amount;
      const transaction = {
        id: id('cbtxn'),
        object: 'customer_balance_transaction',
        customer: customer.id,
        amount,
        currency: params.currency,
        description: params.description ?? null,
        metadata: params.metadata ?? {},
        ending_balance: customer.balance,
        type: 'adjustment',
      };
      balanceTransactions.set(transaction.id, transaction);
      return { status: 200, body: transaction };
    }
    const couponMatch = path.match(/^\/v1\/coupons\/([^/]+)$/);
    if (method === 'GET' && couponMatch) {
      const coupon = coupons.get(couponMatch[1]!);
      return coupon ? { status: 200, body: coupon } : missing('coupon', couponMatch[1]!);
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const couponId = String(params.id ?? id('coupon'));
      if (coupons.has(couponId)) {
        return error(400, 'invalid_request_error', 'Coupon already exists.', 'resource_already_exists');
      }
      const percentOff = params.percent_off === undefined ? null : Number(params.percent_off);
      const amountOff = params.amount_off === undefined ? null : Number(params.amount_off);
      if ((percentOff === null) === (amountOff === null) || (amountOff !== null && !params.currency)) {
        return error(
          400,
          'invalid_request_error',
          'Exactly one of percent_off or amount_off (with currency).',
        );
      }
      if (params.duration === 'repeating' && !params.duration_in_months) {
        return error(400, 'invalid_request_error', 'Missing required param: duration_in_months.');
      }
      const coupon = {
        id: couponId,
        object: 'coupon',
        name: params.name ?? null,
        percent_off: percentOff,
        amount_off: amountOff,
        currency: params.currency ?? null,
        duration: params.duration,
        duration_in_months: params.duration_in_months ? Number(params.duration_in_months) : null,
        valid: true,
      };
      coupons.set(couponId, coupon);
      return { status: 200, body: coupon };
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      const customer = customers.get(params.customer as string);
      if (!customer) return missing('customer', String(params.customer));
      const subscription = subscriptions.get(params.subscription as string);
      if (!subscription) return missing('subscription', String(params.subscription));
      if (subscription.status === 'canceled') {
        return error(
          400,
          'invalid_request_error',
          'No upcoming invoices for customer',
          'invoice_upcoming_none',
        );
      }
      const item = (
        subscription.items as { data: Array<{ price: StripeObject; current_period_end: number }> }
      ).data[0]!;
      const subtotal = item.price.unit_amount as number;
      const coupon = subscription.discount
        ? coupons.get((subscription.discount as { coupon: string }).coupon)
        : undefined;
      const discount = !coupon
        ? 0
        : coupon.percent_off !== null
          ? Math.round((subtotal * (coupon.percent_off as number)) / 100)
          : Math.min(subtotal, coupon.amount_off as number);
      const total = subtotal - discount;
      const startingBalance = customer.balance as number;
      const creditUsed = startingBalance < 0 ? Math.min(-startingBalance, total) : 0;
      return {
        status: 200,
        body: {
          object: 'invoice',
          id: null,
          customer: customer.id,
          subtotal,
          total,
          total_discount_amounts: coupon ? [{ amount: discount, discount: `di_${coupon.id}` }] : [],
          starting_balance: startingBalance,
          ending_balance: startingBalance < 0 ? startingBalance + creditUsed : 0,
          amount_due: total - creditUsed + Math.max(0, startingBalance),
          next_payment_attempt: item.current_period_end,
          period_end: item.current_period_end,
        },
      };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (!customers.has(params.customer as string)) return missing('customer', String(params.customer));
      const discounts = params.discounts as Array<{ coupon?: string }> | undefined;
      const missingCoupon = discounts?.find((d) => !d.coupon || !coupons.has(d.coupon));
      if (missingCoupon) return missing('coupon', String(missingCoupon.coupon));
      const lineItems = params.line_items as Array<{ price: string }> | undefined;
      const price = lineItems?.[0]?.price;
      if (!price || !prices.has(price)) return missing('price', String(price));
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: params.mode,
        customer: params.customer,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id('cs')}`,
        subscription: null,
        status: 'open',
        discounts: discounts ?? [],
      };
      checkoutSessions.set(session.id, session);
      return { status: 200, body: session };
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const data = [...subscriptions.values()].filter((s) => s.customer === params.customer);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/subscriptions' } };
    }
    const subscriptionMatch = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (method === 'GET' && subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]!);
      if (!subscription) return missing('subscription', subscriptionMatch[1]!);
      const items = subscription.items as { data: Array<{ price: StripeObject }> };
      return {
        status: 200,
        body: {
          ...subscription,
          items: { ...items, data: items.data.map((i) => ({ ...i, price: withProduct(i.price) })) },
        },
      };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(params.customer as string)) return missing('customer', String(params.customer));
      return {
        status: 200,
        body: {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `https://billing.stripe.test/p/session/${id('bps')}`,
        },
      };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const reply = ({ status, body }: { status: number; body: unknown }) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return reply(error(401, 'invalid_request_error', 'Invalid API Key provided'));
    }
    const method = request.method ?? 'GET';
    const params =
      method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(await readBody(request));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const stripeAccount = request.headers['stripe-account'] as string | undefined;
    requests.push({ method, path: url.pathname, params, idempotencyKey, stripeAccount });
    const replayKey = idempotencyKey ? `${stripeAccount ?? ''}#${url.pathname}#${idempotencyKey}` : undefined;
    if (method === 'POST' && replayKey && idempotent.has(replayKey)) return reply(idempotent.get(replayKey)!);
    const result = route(method, url.pathname, params, stripeAccount);
    if (method === 'POST' && replayKey) idempotent.set(replayKey, result);
    return reply(result);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    /** Stripe forgets idempotency keys after 24 hours: this makes it forget them now. */
    forgetIdempotencyKeys: () => idempotent.clear(),
    requests,
    customers,
    accounts,
    refunds,
    coupons,
    balanceTransactions,
    checkoutSessions,
    /** A coupon on a subscription (Stripe's `discount`), as a checkout with `discounts` leaves it. */
    setSubscriptionCoupon(subscriptionId: string, couponId: string) {
      subscriptions.get(subscriptionId)!.discount = { coupon: couponId };
    },
    /** The owner finishes onboarding on Stripe's pages: charges and payouts are enabled. */
    completeOnboarding(accountId: string) {
      const account = accounts.get(accountId)!;
      Object.assign(account, {
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        requirements: { currently_due: [] },
      });
    },
    /** A caller pays a deposit session: it completes with a payment intent, as Checkout would. */
    payDepositSession(sessionId: string) {
      const session = paymentSessions.get(sessionId)!;
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi') });
    },
    /** Sets up a product with a recurring price, as the Stripe dashboard would. */
    addPrice(
      product: { name: string; metadata: Record<string, string>; description?: string },
      price: {
        unit_amount: number;
        interval: string;
        metadata?: Record<string, string>;
      },
    ) {
      const productId = `prod_${product.name.toLowerCase()}`;
      products.set(productId, {
        id: productId,
        object: 'product',
        name: product.name,
        description: product.description ?? null,
        metadata: product.metadata,
        marketing_features: [{ name: `${product.name} feature` }],
      });
      const priceObject = {
        id: id('price'),
        object: 'price',
        active: true,
        product: productId,
        unit_amount: price.unit_amount,
        currency: 'usd',
        recurring: { interval: price.interval, interval_count: 1 },
        metadata: price.metadata ?? {},
      };
      prices.set(priceObject.id, priceObject);
      return priceObject.id;
    },
    /** A subscription in the current API's shape: the billing period lives on the items. */
    addSubscription(input: {
      customer: string;
      priceId: string;
      status: string;
      periodEnd: number;
      trialEnd: number | null;
      metadata: Record<string, string>;
    }) {
      const subscription = {
        id: id('sub'),
        object: 'subscription',
        customer: input.customer,
        status: input.status,
        trial_end: input.trialEnd,
        cancel_at_period_end: false,
        metadata: input.metadata,
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price: prices.get(input.priceId),
              current_period_end: input.periodEnd,
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription as StripeObject);
      return subscription.id;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
