import { CLIENT_TIMINGS } from './client-timings';
import type { Plan, SubscriptionStatusValue } from './schemas/subscription';

/** Spec §1 and §9: every plan starts with a 14-day free trial. */
export const TRIAL_DAYS = 14;

/** Cards without a display_order sort last (spec §2). */
export const DEFAULT_DISPLAY_ORDER = 999;

export const MOST_POPULAR_LABEL = 'Most Popular';

/** The server's error message when a checkout names a business the owner does not have (spec §8). */
export const BUSINESS_ID_NOT_FOUND = 'business_id not found';

// The terms-accepted flag lives beside the terms dialog's texts, which the entry reads (shared/terms-dialog.ts).
export { TERMS_ACCEPTED_STORAGE_KEY } from './terms-dialog';

export const PLAN_MESSAGES = {
  loadFailed: 'Failed to load subscription plans. Please try again.',
  checkoutFailed: 'Failed to select plan or start checkout. Please try again.',
  businessSetupFirst: 'Please complete your business setup first. Redirecting to setup...',
  paymentSuccessful: 'Payment successful! Your subscription is now active.',
  /** Added after the spec's text while the subscription is in its free trial (issue 15 §4). */
  paymentSuccessfulTrial: (trialEnd: string | null) =>
    `Your ${TRIAL_DAYS}-day free trial has started${trialEnd ? ` and runs until ${trialEnd}` : ''}: your card is charged only when it ends.`,
  subscriptionLoadFailed: 'Failed to load subscription data',
  changePlanFailed: 'Failed to change plan',
} as const;

/** Timings of spec §9. */
export const PLAN_TIMINGS = {
  waitlistAutoCloseMs: 3000,
  featureFeedbackMs: 2000,
  forcedNavigationMs: CLIENT_TIMINGS.forcedNavigationMs,
} as const;

export type CatalogueEntry = {
  /** Stable key: product ids and price ids at the local provider derive from it. */
  key: 'essential' | 'pro' | 'enterprise';
  name: string;
  description: string;
  features: string[];
  /** Cents per month (spec §9: 99, 199, 399). */
  monthlyAmount: number;
  /** Cents per year: ten months' price, two months free. */
  yearlyAmount: number;
  valueOrder: number;
  /** Order of the monthly card; yearly cards follow every monthly one (displayOrder + catalogue size). */
  displayOrder: number;
  /** Waitlist plans open the feature-coming-soon modal instead of checkout. */
  waitList: boolean;
};

/**
 * The plan catalogue the local payments provider serves and that is set up as products and prices at
 * Stripe (product metadata ValueOrder, WaitList, display_order; one monthly and one yearly price each).
 */
export const PLAN_CATALOGUE: readonly CatalogueEntry[] = [
  {
    key: 'essential',
    name: 'Essential',
    description: 'An AI receptionist that answers every call and text for one location.',
    features: [
      'AI answers calls and SMS 24/7',
      'Appointment booking',
      'E-mail and SMS confirmations',
      'Call summaries',
    ],
    monthlyAmount: 9900,
    yearlyAmount: 99000,
    valueOrder: 1,
    displayOrder: 1,
    waitList: false,
  },
  {
    key: 'pro',
    name: 'Pro',
    description: 'Bookings with deposits collected during the call, and business objectives.',
    features: [
      'Everything in Essential',
      'Deposits and payments verified during the call',
      'Business objectives and analytics',
      'Calendar connections',
    ],
    monthlyAmount: 19900,
    yearlyAmount: 199000,
    valueOrder: 2,
    displayOrder: 2,
    waitList: false,
  },
  {
    key: 'enterprise',
    name: 'Enterprise',
    description: 'Several locations, custom workflows and priority support.',
    features: ['Everything in Pro', 'Multiple locations', 'Custom workflows', 'Priority support'],
    monthlyAmount: 39900,
    yearlyAmount: 399000,
    valueOrder: 3,
    displayOrder: 3,
    waitList: true,
  },
];

/** What the trial includes (the plans page's trial-inclusions panel). */
export const TRIAL_INCLUSIONS = [
  `${TRIAL_DAYS} days free, cancel any time before it ends`,
  'Every feature of the plan you choose',
  'A dedicated assistant phone number',
  'Calls and texts answered around the clock',
] as const;

export const isShownInterval = (interval: string) => interval === 'month' || interval === 'year';
export const isWaitListPlan = (plan: Pick<Plan, 'metadata'>) => plan.metadata.WaitList === 'True';

const valueOrder = (plan: Pick<Plan, 'metadata'>) => {
  const parsed = Number(plan.metadata.ValueOrder);
  return Number.isFinite(parsed) ? parsed : undefined;
};

/** Monthly and yearly plans only, by display_order (999 when absent); a stable sort keeps ties in order. */
export function plansForCards<P extends Plan>(plans: readonly P[]): P[] {
  return plans
    .filter((plan) => isShownInterval(plan.interval))
    .map((plan, index) => ({ plan, index }))
    .sort(
      (a, b) =>
        (a.plan.display_order ?? DEFAULT_DISPLAY_ORDER) - (b.plan.display_order ?? DEFAULT_DISPLAY_ORDER) ||
        a.index - b.index,
    )
    .map(({ plan }) => plan);
}

/** /plans shows one billing interval at a time, switched by a Monthly / Yearly control (issue 15 §4). */
export const BILLING_INTERVALS = [
  { interval: 'month', label: 'Monthly' },
  { interval: 'year', label: 'Yearly' },
] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number]['interval'];

/** The cards of one interval, in card order; the interval shown first is the first card's. */
export const cardsForInterval = <P extends Plan>(cards: readonly P[], interval: BillingInterval): P[] =>
  cards.filter((plan) => plan.interval === interval);
export const defaultBillingInterval = (cards: readonly Plan[]): BillingInterval =>
  cards[0]?.interval === 'year' ? 'year' : 'month';

/**
 * The largest saving of a yearly price against twelve monthly ones of the same product, in whole percent
 * (17 for ten months' price); undefined when no product has both.
 */
export function yearlySavingPercent(cards: readonly Plan[]): number | undefined {
  let best: number | undefined;
  for (const yearly of cards.filter((plan) => plan.interval === 'year')) {
    const monthly = cards.find((plan) => plan.interval === 'month' && plan.id === yearly.id);
    if (!monthly || monthly.amount <= 0) continue;
    const saving = Math.round((1 - yearly.amount / (monthly.amount * 12)) * 100);
    if (saving > 0 && (best === undefined || saving > best)) best = saving;
  }
  return best;
}

/** The second card shown is marked 'Most Popular' (spec §2). */
export const isMostPopular = (cardIndex: number) => cardIndex === 1;

// Built on first use, not at import: the first currency formatter loads ICU's number data, about 20 ms
// of every Lambda cold start that imports this module (bench/README.md, lambda_bundle).
let dollars: Intl.NumberFormat | undefined;

/** Cents divided by 100, no decimals: 9900 → '$99'. */
export const formatAmount = (cents: number) =>
  (dollars ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  })).format(cents / 100);

export type PlanPriceDisplay = {
  /** '$99' */
  price: string;
  /** '/month' or '/year' */
  period: string;
  /** Annual plans only: the amount divided by 12, e.g. '$83/month'. */
  perMonth?: string;
};

export function formatPlanPrice(plan: Pick<Plan, 'amount' | 'interval'>): PlanPriceDisplay {
  const display: PlanPriceDisplay = { price: formatAmount(plan.amount), period: `/${plan.interval}` };
  if (plan.interval === 'year') display.perMonth = `${formatAmount(plan.amount / 12)}/month`;
  return display;
}

export type SubscriptionDisplay = { label: 'Active' | 'Free Trial' | 'Inactive'; note?: string };

/** Spec §4 "Subscription display". */
export function subscriptionDisplay(
  status: SubscriptionStatusValue | string,
  currentPlan?: Pick<Plan, 'interval'>,
): SubscriptionDisplay {
  if (status === 'active') return { label: 'Active' };
  if (status === 'trialing') {
    return {
      label: 'Free Trial',
      note: currentPlan?.interval === 'year' ? '(14-day trial for annual plan)' : '(14-day trial)',
    };
  }
  return { label: 'Inactive' };
}

export const isSubscribed = (status: string | undefined) => status === 'active' || status === 'trialing';

/**
 * The API's answer (402) to a costly action by an owner without an active or trialing subscription, and
 * the UI's explanation next to its link to /plans.
 */
export const SUBSCRIPTION_REQUIRED = {
  code: 'subscription_required',
  message: 'An active subscription or free trial is required for this. Choose a plan to continue.',
  /** Shown where the action is offered (step 4, referrals, calendar share). */
  hint: 'Start your free trial to get an assistant phone number, send invitations and share calendars.',
  linkLabel: 'Choose a plan',
  linkTo: '/plans',
} as const;

/** A failed renewal: the subscription exists but needs a new card (Stripe's past_due and unpaid). */
export const isPaymentFailed = (status: string | undefined) => status === 'past_due' || status === 'unpaid';

export const PAYMENT_FAILED = {
  title: 'Payment failed — update your card',
  body: 'Your last payment did not go through, so your assistant is paused. Update your card in the billing portal to continue.',
  action: 'Update card',
} as const;

/**
 * Why the API refuses to start a checkout (409, issue 10 §2): one subscription per customer, a failed
 * renewal is fixed in the billing portal, and one checkout at a time across tabs.
 */
export const CHECKOUT_REFUSALS = {
  alreadySubscribed: {
    code: 'already_subscribed',
    message: 'You already have a subscription. Manage it from billing.',
  },
  paymentFailed: { code: 'payment_failed', message: PAYMENT_FAILED.title },
  inProgress: {
    code: 'checkout_in_progress',
    message: 'A checkout is already starting in another tab. Please wait a moment and try again.',
  },
} as const;

/** The refusal a failed checkout call carries (its server text), for the UI to say in words. */
export const checkoutRefusalIn = (error: unknown) =>
  Object.values(CHECKOUT_REFUSALS).find(
    (refusal) => (error as { serverError?: unknown } | null)?.serverError === refusal.message,
  );

/**
 * Spec §4: match by price_id, then plan_id against name or price_id; with no match and an active or
 * trialing subscription, the plan whose ValueOrder is 1.
 */
export function currentPlanFor<P extends Plan>(
  plans: readonly P[],
  subscription: { status: string; price_id?: string | null; plan_id?: string | null },
): P | undefined {
  const { price_id: priceId, plan_id: planId } = subscription;
  const byPrice = priceId ? plans.find((plan) => plan.price_id === priceId) : undefined;
  if (byPrice) return byPrice;
  const byPlanId = planId
    ? plans.find((plan) => plan.name === planId || plan.price_id === planId)
    : undefined;
  if (byPlanId) return byPlanId;
  if (isSubscribed(subscription.status)) return plans.find((plan) => valueOrder(plan) === 1);
  return undefined;
}

/** Plans with a higher ValueOrder than the current one, monthly or yearly; all of those when unknown. */
export function upgradeOptions<P extends Plan>(plans: readonly P[], current: P | undefined): P[] {
  const shown = plans.filter((plan) => isShownInterval(plan.interval));
  const currentOrder = current ? valueOrder(current) : undefined;
  if (currentOrder === undefined) return shown;
  return shown.filter((plan) => (valueOrder(plan) ?? -Infinity) > currentOrder);
}

/** Plan ids at the local provider, derived from the catalogue key. */
export const localPriceId = (key: CatalogueEntry['key'], interval: 'month' | 'year') =>
  `price_${key}_${interval === 'month' ? 'monthly' : 'yearly'}`;
export const localProductId = (key: CatalogueEntry['key']) => `prod_${key}`;

/** The catalogue as plans (what the local provider lists; Stripe's products are set up the same way). */
export function catalogueAsPlans(catalogue: readonly CatalogueEntry[] = PLAN_CATALOGUE): Plan[] {
  return catalogue.flatMap((entry) =>
    (['month', 'year'] as const).map((interval) => ({
      id: localProductId(entry.key),
      name: entry.name,
      price_id: localPriceId(entry.key, interval),
      amount: interval === 'month' ? entry.monthlyAmount : entry.yearlyAmount,
      interval,
      description: entry.description,
      features: [...entry.features],
      display_order: interval === 'month' ? entry.displayOrder : entry.displayOrder + catalogue.length,
      metadata: { ValueOrder: String(entry.valueOrder), WaitList: entry.waitList ? 'True' : 'False' },
    })),
  );
}
