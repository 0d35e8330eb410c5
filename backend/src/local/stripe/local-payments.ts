import { randomBytes } from 'node:crypto';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { catalogueAsPlans } from '@shared/plans';
import { couponDiscountCents, type FriendCoupon } from '@shared/referral-rewards';
import type { Plan } from '@shared/schemas/subscription';
import {
  PaymentProviderError,
  type AccountLinkInput,
  type ConnectedAccount,
  type CreateCheckoutInput,
  type CreateConnectedAccountInput,
  type RefundDepositInput,
  type CreateDepositCheckoutInput,
  type BalanceAdjustmentInput,
  type InvoicePreview,
  type PaymentEvent,
  type PortalSessionInput,
  type PaymentsProvider,
  type ProviderSubscription,
} from '../../providers/payments/port';

/** Where the local provider's own pages live (mounted only when local providers are on). */
export const LOCAL_PAYMENTS_PATH = '/local/payments';

const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
const DAY_SECONDS = 24 * 60 * 60;

export type LocalSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: ProviderSubscription['status'];
  price_id: string;
  trial_start: number | null;
  trial_end: number | null;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  created: number;
  metadata: Record<string, string>;
  /**
   * A coupon on the subscription (Stripe's `discount`). The friend's month free runs one month from
   * checkout at Stripe, which with the 14-day trial covers the first paid invoice: here, exactly that.
   */
  discount?: { coupon: FriendCoupon; invoices_left: number } | null;
};

/** An invoice as Stripe's Invoice object shows it: subtotal, discount, the balance it used, amount due. */
export type LocalInvoice = {
  id: string;
  object: 'invoice';
  customer: string;
  subscription: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  status: 'paid' | 'open';
  subtotal: number;
  total_discount_amounts: Array<{ amount: number; discount: string }>;
  total: number;
  starting_balance: number;
  ending_balance: number;
  amount_due: number;
  amount_paid: number;
  /** The charge that paid it (none for $0), refundable from the local billing page. */
  charge: string | null;
  refunded: boolean;
  created: number;
};

export type LocalCheckoutSession = {
  id: string;
  object: 'checkout.session';
  customer: string;
  price_id: string;
  success_url: string;
  cancel_url: string;
  trial_period_days: number;
  /** The discount applied at checkout (Stripe's `discounts`). */
  coupon?: FriendCoupon | null;
  client_reference_id: string;
  metadata: Record<string, string>;
  /** Like Stripe: an expired session can no longer be paid. */
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  created: number;
};

/** A one-off payment session (a booking deposit), like Checkout in payment mode. */
export type LocalPaymentSession = {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  amount_total: number;
  currency: 'usd';
  description: string;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  created: number;
  /** The connected account the money goes to (a direct charge on the owner's account). */
  account: string;
  payment_intent: string | null;
  refund: string | null;
};

/** A Standard connected account, the parts of Stripe's Account object the product reads. */
export type LocalConnectedAccount = {
  id: string;
  object: 'account';
  type: 'standard';
  email: string | null;
  business_profile: { name: string | null };
  metadata: Record<string, string>;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: { currently_due: string[] };
  created: number;
};

export type LocalAccountLink = {
  id: string;
  account: string;
  refresh_url: string;
  return_url: string;
  /** Like Stripe's: a link works once and for a few minutes; after that the refresh URL makes a new one. */
  valid_until: number;
  used: boolean;
};

/** How the local onboarding page can end (Stripe's test onboarding offers the same outcomes). */
export const ONBOARDING_OUTCOMES = {
  complete: 'Complete onboarding',
  restricted: 'Submit, but leave a requirement due',
  incomplete: 'Leave onboarding unfinished',
} as const;
export type OnboardingOutcome = keyof typeof ONBOARDING_OUTCOMES;

const ACCOUNT_LINK_SECONDS = 300;
const INITIAL_REQUIREMENTS = ['business_profile.url', 'external_account', 'tos_acceptance.date'];

export type LocalPortalSession = {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string;
  created: number;
  /** Stripe's flow_data subscription_update_confirm: the page opens on confirming this change. */
  flow?: { type: 'subscription_update_confirm'; subscription: string; price_id: string };
};

/** What the local pages can do to a subscription's clock (DESIGN §3). */
export type ClockAction = 'end_trial' | 'renew' | 'fail_payment' | 'refund_last_payment';

const expiredSession = () =>
  new PaymentProviderError(
    'This checkout session has expired. Start again from the plans page.',
    'invalid_request',
  );

const newId = (prefix: string) => `${prefix}_local${randomBytes(10).toString('hex')}`;

/** Keys of the local provider's items: all under LOCALSTRIPE# so they never mix with the app's own. */
const localKeys = {
  customer: (id: string) => ({ pk: `LOCALSTRIPE#CUSTOMER#${id}`, sk: 'CUSTOMER' }),
  idempotency: (key: string) => ({ pk: `LOCALSTRIPE#IDEMPOTENCY#${key}`, sk: 'RESULT' }),
  session: (id: string) => ({ pk: `LOCALSTRIPE#SESSION#${id}`, sk: 'SESSION' }),
  subscription: (id: string) => ({ pk: `LOCALSTRIPE#SUBSCRIPTION#${id}`, sk: 'SUBSCRIPTION' }),
  portal: (id: string) => ({ pk: `LOCALSTRIPE#PORTAL#${id}`, sk: 'PORTAL' }),
  event: (id: string) => ({ pk: `LOCALSTRIPE#EVENT#${id}`, sk: 'EVENT' }),
  account: (id: string) => ({ pk: `LOCALSTRIPE#ACCOUNT#${id}`, sk: 'ACCOUNT' }),
  accountLink: (id: string) => ({ pk: `LOCALSTRIPE#ACCOUNTLINK#${id}`, sk: 'LINK' }),
  refund: (id: string) => ({ pk: `LOCALSTRIPE#REFUND#${id}`, sk: 'REFUND' }),
  balanceTransaction: (id: string) => ({ pk: `LOCALSTRIPE#BALANCETXN#${id}`, sk: 'TXN' }),
  invoice: (id: string) => ({ pk: `LOCALSTRIPE#INVOICE#${id}`, sk: 'INVOICE' }),
  customerInvoices: (customerId: string) => `LOCALSTRIPE#CUSTOMER_INVOICES#${customerId}`,
  customerSubscriptions: (customerId: string) => `LOCALSTRIPE#CUSTOMER_SUBSCRIPTIONS#${customerId}`,
  subscriptionEvents: (subscriptionId: string) => `LOCALSTRIPE#SUBSCRIPTION_EVENTS#${subscriptionId}`,
};

const isConditionFailure = (error: unknown) =>
  ['ConditionalCheckFailedException', 'TransactionCanceledException'].includes(
    (error as { name?: string }).name ?? '',
  );

const stripKeys = <T>(item: Record<string, unknown>): T => {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, expires_at: _e, ...rest } = item;
  return rest as T;
};

/**
 * A local payment provider that behaves like Stripe for the parts the product uses: customers, prices,
 * checkout sessions with a trial, subscriptions with Stripe's statuses, a billing portal, idempotency keys
 * and events. Its state lives in the app's DynamoDB table (items under LOCALSTRIPE#, docs/data-model.md),
 * so a restart keeps it. The pages in routes/local-payments drive it and deliver its events, signed, to
 * our own POST /webhooks/stripe.
 */
export function createLocalPaymentsProvider(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  let eventSequence = 0;
  const plans = catalogueAsPlans();
  const planForPrice = (priceId: string) => plans.find((plan) => plan.price_id === priceId);

  const get = async <T>(key: { pk: string; sk: string }): Promise<T | undefined> => {
    const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: key }));
    return Item ? stripKeys<T>(Item) : undefined;
  };
  /** The objects listed under one index key (the index projects every attribute, so they are whole). */
  const listByIndex = async <T>(gsi1pk: string, { newestFirst = false } = {}): Promise<T[]> => {
    const { Items = [] } = await doc.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': gsi1pk },
        ...(newestFirst ? { ScanIndexForward: false } : {}),
      }),
    );
    return Items.map((item) => stripKeys<T>(item));
  };

  /**
   * Stripe's idempotency: the first request with a key creates the object; every later one (also a
   * concurrent one) gets that same object back. The object and the key are written in one transaction.
   */
  async function createOnce<T extends { id: string }>(
    idempotencyKey: string,
    object: T,
    objectKey: { pk: string; sk: string },
    extra: Record<string, unknown> = {},
  ): Promise<T> {
    try {
      await doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...localKeys.idempotency(idempotencyKey),
                  object_id: object.id,
                  object_pk: objectKey.pk,
                  object_sk: objectKey.sk,
                  expires_at: nowSeconds() + IDEMPOTENCY_TTL_SECONDS,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            { Put: { TableName: tableName, Item: { ...object, ...extra, ...objectKey } } },
          ],
        }),
      );
      return object;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const claim = await get<{ object_pk: string; object_sk: string }>(
        localKeys.idempotency(idempotencyKey),
      );
      const existing = claim ? await get<T>({ pk: claim.object_pk, sk: claim.object_sk }) : undefined;
      if (!existing) throw error;
      return existing;
    }
  }

  const putItem = (key: { pk: string; sk: string }, object: object, extra: Record<string, unknown> = {}) =>
    doc.send(new PutCommand({ TableName: tableName, Item: { ...object, ...extra, ...key } }));

  const saveSubscription = (subscription: LocalSubscription) =>
    putItem(localKeys.subscription(subscription.id), subscription, {
      gsi1pk: localKeys.customerSubscriptions(subscription.customer),
      gsi1sk: `${subscription.created}#${subscription.id}`,
    });

  /** Records an event as Stripe would emit it; the caller delivers it to the webhook endpoint. */
  async function emit(
    type: string,
    object: object,
    subscriptionId: string,
    account?: string,
  ): Promise<PaymentEvent> {
    const event = {
      id: newId('evt'),
      object: 'event',
      type,
      created: nowSeconds(),
      livemode: false,
      api_version: 'local',
      ...(account ? { account } : {}),
      data: { object: structuredClone(object) as Record<string, unknown> },
    };
    await putItem(localKeys.event(event.id), event, {
      gsi1pk: localKeys.subscriptionEvents(subscriptionId),
      // Millisecond time plus a per-process sequence: events of one second keep their emission order.
      gsi1sk: `${String(now().getTime()).padStart(15, '0')}#${String((eventSequence += 1)).padStart(9, '0')}#${event.id}`,
    });
    return event;
  }

  const customerBalanceOf = async (customerId: string) =>
    (await get<{ balance?: number }>(localKeys.customer(customerId)))?.balance ?? 0;

  /**
   * What an invoice of `subtotal` comes to, as Stripe computes it: the coupon's discount first, then the
   * customer's balance (a credit never takes it below $0 and its rest stays; a debt is added).
   */
  const priceInvoice = (subscription: LocalSubscription, subtotal: number, balance: number) => {
    const coupon =
      subtotal > 0 && (subscription.discount?.invoices_left ?? 0) > 0 ? subscription.discount!.coupon : null;
    const discount = coupon ? couponDiscountCents(coupon, subtotal) : 0;
    const total = subtotal - discount;
    const creditUsed = balance < 0 ? Math.min(-balance, total) : 0;
    return {
      coupon,
      discount,
      total,
      creditUsed,
      amountDue: total - creditUsed + Math.max(0, balance),
      endingBalance: balance < 0 ? balance + creditUsed : 0,
    };
  };

  /**
   * Makes (and stores) a subscription's invoice: a paid one uses the coupon and the balance like Stripe's,
   * and the customer's balance moves by what it used. Returns the subscription as the coupon left it.
   */
  async function invoiceFor(subscription: LocalSubscription, paid: boolean, subtotal: number) {
    const balance = paid ? await customerBalanceOf(subscription.customer) : 0;
    const priced = paid
      ? priceInvoice(subscription, subtotal, balance)
      : { coupon: null, discount: 0, total: subtotal, creditUsed: 0, amountDue: subtotal, endingBalance: 0 };
    const invoice: LocalInvoice = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      subscription: subscription.id,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      status: paid ? 'paid' : 'open',
      subtotal,
      total_discount_amounts: priced.coupon ? [{ amount: priced.discount, discount: priced.coupon.id }] : [],
      total: priced.total,
      starting_balance: balance,
      ending_balance: priced.endingBalance,
      amount_due: priced.amountDue,
      amount_paid: paid ? priced.amountDue : 0,
      charge: paid && priced.amountDue > 0 ? newId('ch') : null,
      refunded: false,
      created: nowSeconds(),
    };
    if (paid && priced.endingBalance !== balance) {
      // Moved by what the invoice used, not set: a credit added meanwhile is kept.
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: localKeys.customer(subscription.customer),
          UpdateExpression: 'SET balance = if_not_exists(balance, :zero) + :change',
          ExpressionAttributeValues: { ':zero': 0, ':change': priced.endingBalance - balance },
        }),
      );
    }
    await putItem(localKeys.invoice(invoice.id), invoice, {
      gsi1pk: localKeys.customerInvoices(subscription.customer),
      gsi1sk: `${String(now().getTime()).padStart(15, '0')}#${invoice.id}`,
    });
    const after: LocalSubscription = priced.coupon
      ? {
          ...subscription,
          discount: { coupon: priced.coupon, invoices_left: subscription.discount!.invoices_left - 1 },
        }
      : subscription;
    return { invoice, subscription: after };
  }

  const periodSeconds = (priceId: string) =>
    (planForPrice(priceId)?.interval === 'year' ? 365 : 30) * DAY_SECONDS;

  async function getPaymentSession(id: string): Promise<LocalPaymentSession | undefined> {
    const session = await get<LocalPaymentSession | LocalCheckoutSession>(localKeys.session(id));
    return session && 'mode' in session && session.mode === 'payment' ? session : undefined;
  }

  async function requireSubscription(id: string) {
    const subscription = await get<LocalSubscription>(localKeys.subscription(id));
    if (!subscription) throw new PaymentProviderError(`No such subscription: '${id}'`, 'not_found');
    return subscription;
  }

  const toProviderSubscription = (subscription: LocalSubscription): ProviderSubscription => ({
    id: subscription.id,
    customerId: subscription.customer,
    status: subscription.status,
    priceId: subscription.price_id,
    planName: planForPrice(subscription.price_id)?.name ?? null,
    currentPeriodEnd: subscription.current_period_end,
    trialEnd: subscription.trial_end,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    metadata: subscription.metadata,
  });

  const provider = {
    kind: 'local' as const,

    async listPlans(): Promise<Plan[]> {
      return plans;
    },

    async createCustomer(input: { userId: string; email: string | undefined }, idempotencyKey: string) {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: input.email ?? null,
        metadata: { cognito_user_id: input.userId },
        created: nowSeconds(),
      };
      const stored = await createOnce(idempotencyKey, customer, localKeys.customer(customer.id));
      return { id: stored.id };
    },

    async createCheckoutSession(input: CreateCheckoutInput) {
      if (!planForPrice(input.priceId)) {
        throw new PaymentProviderError(`No such price: '${input.priceId}'`, 'invalid_request');
      }
      if (!(await get(localKeys.customer(input.customerId)))) {
        throw new PaymentProviderError(`No such customer: '${input.customerId}'`, 'invalid_request');
      }
      const session: LocalCheckoutSession = {
        id: newId('cs'),
        object: 'checkout.session',
        customer: input.customerId,
        price_id: input.priceId,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        trial_period_days: input.trialDays,
        coupon: input.coupon ?? null,
        client_reference_id: input.userId,
        metadata: input.metadata,
        status: 'open',
        subscription: null,
        created: nowSeconds(),
      };
      const stored = await createOnce(input.idempotencyKey, session, localKeys.session(session.id));
      return { id: stored.id, url: `${LOCAL_PAYMENTS_PATH}/checkout/${stored.id}` };
    },

    async createDepositCheckout(input: CreateDepositCheckoutInput) {
      if (!Number.isInteger(input.amountCents) || input.amountCents < 50) {
        throw new PaymentProviderError('Amount must be at least 50 cents', 'invalid_request');
      }
      const account = await get<LocalConnectedAccount>(localKeys.account(input.connectedAccountId));
      if (!account) {
        throw new PaymentProviderError(`No such account: '${input.connectedAccountId}'`, 'invalid_request');
      }
      if (!account.charges_enabled) {
        throw new PaymentProviderError('This account cannot currently make charges', 'invalid_request');
      }
      const session: LocalPaymentSession = {
        id: newId('cs'),
        object: 'checkout.session',
        mode: 'payment',
        amount_total: input.amountCents,
        currency: 'usd',
        description: input.description,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: input.metadata,
        status: 'open',
        payment_status: 'unpaid',
        created: nowSeconds(),
        account: account.id,
        payment_intent: null,
        refund: null,
      };
      const stored = await createOnce(
        `${account.id}#${input.idempotencyKey}`,
        session,
        localKeys.session(session.id),
      );
      return { id: stored.id, url: `${LOCAL_PAYMENTS_PATH}/pay/${stored.id}` };
    },

    async createConnectedAccount(input: CreateConnectedAccountInput, idempotencyKey: string) {
      const account: LocalConnectedAccount = {
        id: newId('acct'),
        object: 'account',
        type: 'standard',
        email: input.email ?? null,
        business_profile: { name: input.businessName ?? null },
        metadata: { owner_id: input.ownerId },
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { currently_due: INITIAL_REQUIREMENTS },
        created: nowSeconds(),
      };
      const stored = await createOnce(idempotencyKey, account, localKeys.account(account.id));
      return { id: stored.id };
    },

    async createAccountLink(input: AccountLinkInput) {
      if (!(await get(localKeys.account(input.accountId)))) {
        throw new PaymentProviderError(`No such account: '${input.accountId}'`, 'invalid_request');
      }
      const link: LocalAccountLink = {
        id: newId('link'),
        account: input.accountId,
        refresh_url: input.refreshUrl,
        return_url: input.returnUrl,
        valid_until: nowSeconds() + ACCOUNT_LINK_SECONDS,
        used: false,
      };
      await putItem(localKeys.accountLink(link.id), link, { expires_at: link.valid_until + DAY_SECONDS });
      return { url: `${LOCAL_PAYMENTS_PATH}/connect/onboard/${link.id}` };
    },

    async retrieveConnectedAccount(id: string): Promise<ConnectedAccount | undefined> {
      const account = await get<LocalConnectedAccount>(localKeys.account(id));
      return account
        ? {
            id: account.id,
            details_submitted: account.details_submitted,
            charges_enabled: account.charges_enabled,
            payouts_enabled: account.payouts_enabled,
            requirements_due: account.requirements.currently_due,
          }
        : undefined;
    },

    async refundDeposit(input: RefundDepositInput) {
      const session = await getPaymentSession(input.sessionId);
      // Like Stripe: a session on another account is invisible with this account's header.
      if (!session || session.account !== input.accountId) {
        throw new PaymentProviderError(`No such checkout session: '${input.sessionId}'`, 'not_found');
      }
      if (session.payment_status !== 'paid') {
        throw new PaymentProviderError('The deposit was not paid', 'invalid_request');
      }
      const refund = {
        id: newId('re'),
        object: 'refund' as const,
        amount: session.amount_total,
        payment_intent: session.payment_intent,
        status: 'succeeded' as const,
        created: nowSeconds(),
      };
      const stored = await createOnce(
        `${input.accountId}#${input.idempotencyKey}`,
        refund,
        localKeys.refund(refund.id),
      );
      if (stored.id !== refund.id) return { id: stored.id };
      // A second refund under another key is refused, as Stripe refuses refunding a refunded charge.
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: localKeys.session(session.id),
            UpdateExpression: 'SET refund = :r',
            ConditionExpression: 'attribute_not_exists(refund) OR refund = :null',
            ExpressionAttributeValues: { ':r': refund.id, ':null': null },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        throw new PaymentProviderError('Charge has already been refunded.', 'invalid_request');
      }
      return { id: refund.id };
    },

    getAccount: (id: string) => get<LocalConnectedAccount>(localKeys.account(id)),
    getAccountLink: (id: string) => get<LocalAccountLink>(localKeys.accountLink(id)),

    /**
     * The owner ends the onboarding page: the link is used up, the account's flags change as Stripe's
     * would, and `account.updated` is emitted on the connected account.
     */
    async finishOnboarding(linkId: string, outcome: OnboardingOutcome) {
      const link = await get<LocalAccountLink>(localKeys.accountLink(linkId));
      if (!link) throw new PaymentProviderError(`No such account link: '${linkId}'`, 'not_found');
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: localKeys.accountLink(linkId),
            UpdateExpression: 'SET used = :true',
            ConditionExpression: 'used = :false AND valid_until > :now',
            ExpressionAttributeValues: { ':true': true, ':false': false, ':now': nowSeconds() },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return { link, events: [] as PaymentEvent[], expired: true };
      }
      const account = (await get<LocalConnectedAccount>(localKeys.account(link.account)))!;
      const updated: LocalConnectedAccount = {
        ...account,
        details_submitted: outcome !== 'incomplete',
        charges_enabled: outcome === 'complete',
        payouts_enabled: outcome === 'complete',
        requirements: {
          currently_due:
            outcome === 'complete'
              ? []
              : outcome === 'restricted'
                ? ['individual.verification.document']
                : account.requirements.currently_due,
        },
      };
      await putItem(localKeys.account(account.id), updated);
      return {
        link,
        events: [await emit('account.updated', updated, account.id, account.id)],
        expired: false,
      };
    },

    getPaymentSession,

    /** Pay a one-off session: it completes once and Stripe's checkout.session.completed is emitted. */
    async completePayment(sessionId: string) {
      const session = await getPaymentSession(sessionId);
      if (!session) throw new PaymentProviderError(`No such checkout session: '${sessionId}'`, 'not_found');
      const completed: LocalPaymentSession = {
        ...session,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: newId('pi'),
      };
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...completed, ...localKeys.session(sessionId) },
            ConditionExpression: '#status = :open',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':open': 'open' },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return { session: completed, events: [] as PaymentEvent[] };
      }
      return {
        session: completed,
        events: [await emit('checkout.session.completed', completed, sessionId, session.account)],
      };
    },

    async retrieveSubscription(id: string) {
      const subscription = await get<LocalSubscription>(localKeys.subscription(id));
      return subscription ? toProviderSubscription(subscription) : undefined;
    },

    async listSubscriptions(customerId: string) {
      return (await provider.customerSubscriptions(customerId)).map(toProviderSubscription);
    },

    /** Stripe's expire: open → expired; a paid session stays complete (and says so). */
    async expireCheckoutSession(id: string): Promise<'expired' | 'complete'> {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: localKeys.session(id),
            UpdateExpression: 'SET #status = :expired',
            ConditionExpression: '#status = :open',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':expired': 'expired', ':open': 'open' },
          }),
        );
        return 'expired';
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const session = await get<LocalCheckoutSession>(localKeys.session(id));
        if (!session) throw new PaymentProviderError(`No such checkout session: '${id}'`, 'not_found');
        return session.status === 'complete' ? 'complete' : 'expired';
      }
    },

    async cancelSubscription(id: string) {
      await provider.cancel(id);
    },

    async createPortalSession(input: PortalSessionInput) {
      if (!(await get(localKeys.customer(input.customerId)))) {
        throw new PaymentProviderError(`No such customer: '${input.customerId}'`, 'invalid_request');
      }
      if (input.updateTo) {
        // Stripe refuses a flow for another customer's subscription or an unknown price; so do we.
        const subscription = await get<LocalSubscription>(
          localKeys.subscription(input.updateTo.subscriptionId),
        );
        if (!subscription || subscription.customer !== input.customerId) {
          throw new PaymentProviderError(
            `No such subscription: '${input.updateTo.subscriptionId}'`,
            'invalid_request',
          );
        }
        if (!planForPrice(input.updateTo.priceId)) {
          throw new PaymentProviderError(`No such price: '${input.updateTo.priceId}'`, 'invalid_request');
        }
      }
      const session: LocalPortalSession = {
        id: newId('bps'),
        object: 'billing_portal.session',
        customer: input.customerId,
        return_url: input.returnUrl,
        created: nowSeconds(),
        ...(input.updateTo
          ? {
              flow: {
                type: 'subscription_update_confirm' as const,
                subscription: input.updateTo.subscriptionId,
                price_id: input.updateTo.priceId,
              },
            }
          : {}),
      };
      await putItem(localKeys.portal(session.id), session);
      return { url: `${LOCAL_PAYMENTS_PATH}/portal/${session.id}` };
    },

    // ---- What the local pages do (the parts of Stripe a person clicks through) ----

    plans,
    planForPrice,
    getCheckoutSession: (id: string) => get<LocalCheckoutSession>(localKeys.session(id)),
    getPortalSession: (id: string) => get<LocalPortalSession>(localKeys.portal(id)),
    getSubscription: (id: string) => get<LocalSubscription>(localKeys.subscription(id)),

    async customerSubscriptions(customerId: string): Promise<LocalSubscription[]> {
      return listByIndex<LocalSubscription>(localKeys.customerSubscriptions(customerId), {
        newestFirst: true,
      });
    },

    async subscriptionEvents(subscriptionId: string): Promise<PaymentEvent[]> {
      return listByIndex<PaymentEvent>(localKeys.subscriptionEvents(subscriptionId));
    },

    /** Pay: the customer gets a trialing subscription; Stripe's events for that, in Stripe's order. */
    async completeCheckout(sessionId: string) {
      const session = await get<LocalCheckoutSession>(localKeys.session(sessionId));
      if (!session) throw new PaymentProviderError(`No such checkout session: '${sessionId}'`, 'not_found');
      if (session.status === 'complete') return { session, events: [] as PaymentEvent[] };
      if (session.status === 'expired') throw expiredSession();
      const start = nowSeconds();
      const trialEnd = start + session.trial_period_days * DAY_SECONDS;
      const subscription: LocalSubscription = {
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: session.trial_period_days > 0 ? 'trialing' : 'active',
        price_id: session.price_id,
        trial_start: session.trial_period_days > 0 ? start : null,
        trial_end: session.trial_period_days > 0 ? trialEnd : null,
        current_period_start: start,
        current_period_end:
          session.trial_period_days > 0 ? trialEnd : start + periodSeconds(session.price_id),
        cancel_at_period_end: false,
        canceled_at: null,
        created: start,
        metadata: { ...session.metadata, cognito_user_id: session.client_reference_id },
        discount: session.coupon ? { coupon: session.coupon, invoices_left: 1 } : null,
      };
      // Claim the session first so a second Pay click cannot make a second subscription.
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...session,
              status: 'complete',
              subscription: subscription.id,
              ...localKeys.session(sessionId),
            },
            ConditionExpression: '#status = :open',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':open': 'open' },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const latest = (await get<LocalCheckoutSession>(localKeys.session(sessionId)))!;
        // Expired meanwhile (a newer checkout of the same customer replaced it): nothing was bought.
        if (latest.status === 'expired') throw expiredSession();
        return { session: latest, events: [] };
      }
      const completed = { ...session, status: 'complete' as const, subscription: subscription.id };
      const amount = subscription.status === 'trialing' ? 0 : (planForPrice(session.price_id)?.amount ?? 0);
      const first = await invoiceFor(subscription, true, amount);
      await saveSubscription(first.subscription);
      const events = [
        await emit('customer.subscription.created', first.subscription, subscription.id),
        await emit('invoice.paid', first.invoice, subscription.id),
        await emit('checkout.session.completed', completed, subscription.id),
      ];
      return { session: completed, events };
    },

    async changePlan(subscriptionId: string, priceId: string) {
      const subscription = await requireSubscription(subscriptionId);
      if (!planForPrice(priceId))
        throw new PaymentProviderError(`No such price: '${priceId}'`, 'invalid_request');
      if (subscription.status === 'canceled') {
        throw new PaymentProviderError('A canceled subscription cannot be changed', 'invalid_request');
      }
      const updated = { ...subscription, price_id: priceId };
      await saveSubscription(updated);
      return [await emit('customer.subscription.updated', updated, subscriptionId)];
    },

    /** Cancels immediately, as the portal's "Cancel plan" with immediate cancellation does. */
    async cancel(subscriptionId: string) {
      const subscription = await requireSubscription(subscriptionId);
      if (subscription.status === 'canceled') return [];
      const canceled: LocalSubscription = {
        ...subscription,
        status: 'canceled',
        canceled_at: nowSeconds(),
        cancel_at_period_end: false,
      };
      await saveSubscription(canceled);
      return [await emit('customer.subscription.deleted', canceled, subscriptionId)];
    },

    /**
     * Moves a subscription's clock to its next billing moment: the trial ends (payment succeeds), the
     * period renews, or the payment fails (past_due, then unpaid on the next failure).
     */
    async advanceClock(subscriptionId: string, action: ClockAction) {
      const subscription = await requireSubscription(subscriptionId);
      if (subscription.status === 'canceled') {
        throw new PaymentProviderError('A canceled subscription has no clock to advance', 'invalid_request');
      }
      const at = nowSeconds();
      const amount = planForPrice(subscription.price_id)?.amount ?? 0;
      if (action === 'refund_last_payment') return provider.refundLastPayment(subscription);
      if (action === 'fail_payment') {
        const failed: LocalSubscription = {
          ...subscription,
          status: subscription.status === 'past_due' ? 'unpaid' : 'past_due',
          trial_end: subscription.status === 'trialing' ? at : subscription.trial_end,
        };
        await saveSubscription(failed);
        return [
          await emit(
            'invoice.payment_failed',
            (await invoiceFor(failed, false, amount)).invoice,
            subscriptionId,
          ),
          await emit('customer.subscription.updated', failed, subscriptionId),
        ];
      }
      if (action === 'end_trial' && subscription.status !== 'trialing') {
        throw new PaymentProviderError('The subscription is not in its trial', 'invalid_request');
      }
      const paid: LocalSubscription = {
        ...subscription,
        status: 'active',
        trial_end: subscription.status === 'trialing' ? at : subscription.trial_end,
        current_period_start: at,
        current_period_end: at + periodSeconds(subscription.price_id),
      };
      const invoiced = await invoiceFor(paid, true, amount);
      await saveSubscription(invoiced.subscription);
      return [
        await emit('invoice.paid', invoiced.invoice, subscriptionId),
        await emit('customer.subscription.updated', invoiced.subscription, subscriptionId),
      ];
    },

    /**
     * A full refund of the subscription's latest paid charge, as from Stripe's dashboard: Stripe's
     * `charge.refunded` is emitted. With nothing to refund (only $0 invoices) it is refused, as Stripe does.
     */
    async refundLastPayment(subscription: LocalSubscription) {
      const invoice = (await provider.customerInvoices(subscription.customer)).find(
        (i) => i.subscription === subscription.id && i.charge && !i.refunded,
      );
      if (!invoice?.charge) {
        throw new PaymentProviderError('This subscription has no payment to refund', 'invalid_request');
      }
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: localKeys.invoice(invoice.id),
          UpdateExpression: 'SET refunded = :true',
          ExpressionAttributeValues: { ':true': true },
        }),
      );
      const charge = {
        id: invoice.charge,
        object: 'charge',
        customer: invoice.customer,
        amount: invoice.amount_paid,
        amount_refunded: invoice.amount_paid,
        refunded: true,
        invoice: invoice.id,
      };
      return [await emit('charge.refunded', charge, subscription.id)];
    },

    /** The customer's invoices, newest first (the local billing page lists them). */
    async customerInvoices(customerId: string): Promise<LocalInvoice[]> {
      return listByIndex<LocalInvoice>(localKeys.customerInvoices(customerId), { newestFirst: true });
    },

    customerBalance: customerBalanceOf,

    /**
     * Stripe's customer balance transaction: the balance moves by the amount, once per idempotency key (the
     * transaction, its key and the balance change are one DynamoDB transaction).
     */
    async adjustCustomerBalance(input: BalanceAdjustmentInput) {
      if (!Number.isInteger(input.amountCents) || input.amountCents === 0) {
        throw new PaymentProviderError('Amount must be a non-zero integer', 'invalid_request');
      }
      if (!(await get(localKeys.customer(input.customerId)))) {
        throw new PaymentProviderError(`No such customer: '${input.customerId}'`, 'invalid_request');
      }
      const transaction = {
        id: newId('cbtxn'),
        object: 'customer_balance_transaction',
        customer: input.customerId,
        amount: input.amountCents,
        currency: 'usd',
        description: input.description,
        metadata: input.metadata,
        created: nowSeconds(),
      };
      const idempotency = localKeys.idempotency(`${input.customerId}#${input.idempotencyKey}`);
      const transactionKey = localKeys.balanceTransaction(transaction.id);
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...idempotency,
                    object_id: transaction.id,
                    object_pk: transactionKey.pk,
                    object_sk: transactionKey.sk,
                    expires_at: nowSeconds() + IDEMPOTENCY_TTL_SECONDS,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              { Put: { TableName: tableName, Item: { ...transaction, ...transactionKey } } },
              {
                Update: {
                  TableName: tableName,
                  Key: localKeys.customer(input.customerId),
                  UpdateExpression: 'SET balance = if_not_exists(balance, :zero) + :amount',
                  ExpressionAttributeValues: { ':zero': 0, ':amount': input.amountCents },
                },
              },
            ],
          }),
        );
        return { id: transaction.id };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const claim = await get<{ object_id: string }>(idempotency);
        if (!claim) throw error;
        return { id: claim.object_id };
      }
    },

    /** The next invoice as invoiceFor would make it at the end of the current period, without making it. */
    async previewNextInvoice(
      customerId: string,
      subscriptionId: string,
    ): Promise<InvoicePreview | undefined> {
      const subscription = await get<LocalSubscription>(localKeys.subscription(subscriptionId));
      if (!subscription || subscription.customer !== customerId) return undefined;
      if (subscription.status === 'canceled' || subscription.cancel_at_period_end) return undefined;
      const subtotal = planForPrice(subscription.price_id)?.amount ?? 0;
      const balance = await customerBalanceOf(customerId);
      const priced = priceInvoice(subscription, subtotal, balance);
      return {
        subtotal,
        discount: priced.discount,
        creditApplied: priced.creditUsed,
        amountDue: priced.amountDue,
        creditRemaining: Math.max(0, -priced.endingBalance),
        nextPaymentAt: subscription.current_period_end,
      };
    },
  };
  return provider satisfies PaymentsProvider;
}
export type LocalPaymentsProvider = ReturnType<typeof createLocalPaymentsProvider>;

/** Whether the app's payments provider is this stand-in (tests drive its checkout and Connect pages). */
export const isLocalPaymentsProvider = (provider: { kind: string }): provider is LocalPaymentsProvider =>
  provider.kind === 'local' && 'completeCheckout' in provider;
