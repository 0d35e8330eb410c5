import type { FriendCoupon } from '@shared/referral-rewards';
import type { Plan, SubscriptionStatusValue } from '@shared/schemas/subscription';

/** A subscription as the payment provider holds it now: the webhook handler's only source of truth. */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: Exclude<SubscriptionStatusValue, 'none'>;
  priceId: string | null;
  /** The plan's (product's) name, e.g. 'Pro'. */
  planName: string | null;
  /** Epoch seconds. */
  currentPeriodEnd: number | null;
  trialEnd: number | null;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
};

/** The parts of a webhook event the handler reads; the full object is whatever the provider sent. */
export type PaymentEvent = {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
  /** Set on a connected account's events (Stripe Connect): whose account the object lives on. */
  account?: string;
};

export type CreateCheckoutInput = {
  customerId: string;
  priceId: string;
  userId: string;
  successUrl: string;
  cancelUrl: string;
  /** 0 for a customer who has had a trial: no trial is offered (Stripe: trial_period_days omitted). */
  trialDays: number;
  metadata: Record<string, string>;
  /** Same key → same session (a double click makes one). */
  idempotencyKey: string;
  /** A referred friend's first paid month free (decision 164): applied as the session's discount. */
  coupon?: FriendCoupon | undefined;
};

/**
 * A customer balance transaction (Stripe's sign: negative is a credit the next invoices use, positive takes
 * credit back). Balance credits only ever reduce invoices: they are never paid out.
 */
export type BalanceAdjustmentInput = {
  customerId: string;
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
  /** Derived from what the adjustment is for: a retry or a replay adjusts once. */
  idempotencyKey: string;
};

/** The next invoice of a subscription as the provider would make it now, in cents. */
export type InvoicePreview = {
  subtotal: number;
  /** Coupons' discount. */
  discount: number;
  /** Credit from the customer balance this invoice uses. */
  creditApplied: number;
  amountDue: number;
  /** Customer balance credit left after this invoice (positive cents of credit). */
  creditRemaining: number;
  /** Epoch seconds; null when unknown. */
  nextPaymentAt: number | null;
};

export type PortalSessionInput = {
  customerId: string;
  returnUrl: string;
  /** Open on confirming this plan change (and return to returnUrl once confirmed). */
  updateTo?: { subscriptionId: string; priceId: string } | undefined;
};

/** A one-off payment (a booking deposit): Checkout in payment mode; the signed webhook confirms it. */
export type CreateDepositCheckoutInput = {
  amountCents: number;
  description: string;
  /** kind: 'deposit', owner_id, appointment_id, conversation_id: echoed back on the completed session. */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /** The owner's connected account the money goes to (Stripe-Account header): deposits are never ours. */
  connectedAccountId: string;
};

/** A connected account as the provider holds it now (Stripe's Account object, the parts we read). */
export type ConnectedAccount = {
  id: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  /** requirements.currently_due: what the provider needs before charges or payouts work. */
  requirements_due: string[];
};

export type CreateConnectedAccountInput = {
  ownerId: string;
  email: string | undefined;
  businessName: string | undefined;
};

export type AccountLinkInput = {
  accountId: string;
  /** Where the provider sends the owner when the link expired or was used: we make a fresh one. */
  refreshUrl: string;
  /** Where the provider sends the owner after onboarding (finished or not). */
  returnUrl: string;
};

export type RefundDepositInput = {
  accountId: string;
  /** The deposit's checkout session on the connected account. */
  sessionId: string;
  idempotencyKey: string;
};

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'invalid_request' | 'not_found' | 'provider_unavailable',
  ) {
    super(message);
  }
}

/**
 * The card payment provider: Stripe in production (stripe.ts), a local Stripe-like provider otherwise
 * (local.ts). Webhook signatures are checked by verifyWebhookEvent in webhook-signature.ts for both.
 */
export interface PaymentsProvider {
  readonly kind: 'stripe' | 'local';
  listPlans(): Promise<Plan[]>;
  createCustomer(
    input: { userId: string; email: string | undefined },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  /** `url` may be relative to the API origin (the local provider's own pages). */
  createCheckoutSession(input: CreateCheckoutInput): Promise<{ id: string; url: string }>;
  /** Undefined when the provider does not know the id. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | undefined>;
  /**
   * The customer's subscriptions in every status (Stripe's list with status=all): whether one is live or
   * failing, and whether the customer has had a trial, are read from here, not from webhook-fed copies.
   */
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  /** Expires an open checkout session so it can no longer be paid; 'complete' when it was paid already. */
  expireCheckoutSession(id: string): Promise<'expired' | 'complete'>;
  /** Cancels a subscription at once (a duplicate made by a race no check can close at the provider). */
  cancelSubscription(id: string): Promise<void>;
  createPortalSession(input: PortalSessionInput): Promise<{ url: string }>;
  /** `url` may be relative to the API origin (the local provider's own pay page). */
  createDepositCheckout(input: CreateDepositCheckoutInput): Promise<{ id: string; url: string }>;
  /** Stripe Connect (issue 12 §3): the owner's own account, onboarded through the provider's pages. */
  createConnectedAccount(input: CreateConnectedAccountInput, idempotencyKey: string): Promise<{ id: string }>;
  /** A one-time onboarding link; `url` may be relative to the API origin (the local provider's page). */
  createAccountLink(input: AccountLinkInput): Promise<{ url: string }>;
  /** Undefined when the provider does not know the account. */
  retrieveConnectedAccount(id: string): Promise<ConnectedAccount | undefined>;
  /** Refunds a paid deposit in full on the connected account; the same key refunds once. */
  refundDeposit(input: RefundDepositInput): Promise<{ id: string }>;
  /** Adds a customer balance transaction; the same key adds it once. */
  adjustCustomerBalance(input: BalanceAdjustmentInput): Promise<{ id: string }>;
  /** The customer's balance now (Stripe's sign: negative is credit). */
  customerBalance(customerId: string): Promise<number>;
  /** Undefined when the subscription will not invoice again (canceled, or unknown). */
  previewNextInvoice(customerId: string, subscriptionId: string): Promise<InvoicePreview | undefined>;
}

const notConfigured = () =>
  Promise.reject(new PaymentProviderError('Payments are not configured', 'provider_unavailable'));

/** Used in AWS until STRIPE_SECRET_KEY is configured: every call fails clearly instead of pretending. */
export const paymentsNotConfigured: PaymentsProvider = {
  kind: 'stripe',
  listPlans: notConfigured,
  createCustomer: notConfigured,
  createCheckoutSession: notConfigured,
  retrieveSubscription: notConfigured,
  createPortalSession: notConfigured,
  createDepositCheckout: notConfigured,
  listSubscriptions: notConfigured,
  expireCheckoutSession: notConfigured,
  cancelSubscription: notConfigured,
  createConnectedAccount: notConfigured,
  createAccountLink: notConfigured,
  retrieveConnectedAccount: notConfigured,
  refundDeposit: notConfigured,
  adjustCustomerBalance: notConfigured,
  customerBalance: notConfigured,
  previewNextInvoice: notConfigured,
};
