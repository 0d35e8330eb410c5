import {
  DEFAULT_DEPOSIT_CENTS,
  formatDollars,
  MAX_DEPOSIT_CENTS,
  MIN_DEPOSIT_CENTS,
} from './receptionist/deposits';

/**
 * Issue 12 §3: deposits are paid into the owner's own Stripe account (Stripe Connect). The payout states,
 * limits, rules and texts; the request and answer schemas are in schemas/get-paid.ts (docs/decisions/150).
 */

/**
 * Where the owner's connected account stands, from the provider's own flags:
 * - not_started: no account yet;
 * - onboarding: an account exists but its details are not all submitted (resume onboarding);
 * - restricted: submitted, but the provider still needs something before charges or payouts work;
 * - ready: charges and payouts are enabled, so deposits can be taken.
 */
export const PAYOUT_STATES = ['not_started', 'onboarding', 'restricted', 'ready'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** The provider's flags an account's state is derived from (Stripe's Account object). */
export type PayoutAccountFlags = {
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
};

export const payoutStateOf = (account: PayoutAccountFlags | undefined): PayoutState => {
  if (!account) return 'not_started';
  if (account.charges_enabled && account.payouts_enabled) return 'ready';
  return account.details_submitted ? 'restricted' : 'onboarding';
};

/** The typical price a percentage deposit is taken of, at most this. */
export const MAX_SERVICE_PRICE_CENTS = 1_000_000;

/** A caller may cancel this long before the appointment and get the deposit back, at most 30 days. */
export const MAX_REFUND_WINDOW_HOURS = 720;

export const DEFAULT_REFUND_WINDOW_HOURS = 24;

/**
 * Until the owner saves their own: the config's amount (or the product default), refundable up to a day
 * before. A fixed deposit as `depositSettingsSchema` (schemas/get-paid.ts) describes it; here rather than
 * there so that a caller's first ring, which builds the business profile with it, builds none of the Get paid
 * schemas (docs/decisions/186-cold-start.md, session 41).
 */
export const defaultDepositSettings = (legacyAmountCents?: number) => ({
  mode: 'fixed' as const,
  amount_cents: Math.min(
    Math.max(legacyAmountCents || DEFAULT_DEPOSIT_CENTS, MIN_DEPOSIT_CENTS),
    MAX_DEPOSIT_CENTS,
  ),
  refund_window_hours: DEFAULT_REFUND_WINDOW_HOURS,
});

export const GET_PAID_LIMITS_TEXT = `between ${formatDollars(MIN_DEPOSIT_CENTS)} and ${formatDollars(MAX_DEPOSIT_CENTS)}`;

/** The deposit in cents a setting asks for (a percentage rounds to whole cents). */
export function depositCentsOf(
  settings:
    { mode: 'fixed'; amount_cents: number } | { mode: 'percent'; percent: number; price_cents: number },
): number {
  return settings.mode === 'fixed'
    ? settings.amount_cents
    : Math.round((settings.price_cents * settings.percent) / 100);
}

/** Why the assistant does or does not take deposits now (the card says it in words). */
export const DEPOSIT_AVAILABILITY = ['on', 'needs_account', 'needs_objective'] as const;
export type DepositAvailability = (typeof DEPOSIT_AVAILABILITY)[number];

/** Deposits are taken only when an objective asks for them and the owner's own account can be paid. */
export const depositAvailabilityOf = (wantsDeposit: boolean, state: PayoutState): DepositAvailability =>
  !wantsDeposit ? 'needs_objective' : state === 'ready' ? 'on' : 'needs_account';

/** A refund decision the cancel answers carry, so the caller and the owner hear what happened. */
export const DEPOSIT_REFUND_OUTCOMES = ['refunded', 'outside_window', 'failed', 'none'] as const;
export type DepositRefundOutcome = (typeof DEPOSIT_REFUND_OUTCOMES)[number];

/** Whether a cancellation at `now` is within the refund window before the appointment's start. */
export const withinRefundWindow = (startsAtIso: string, now: Date, windowHours: number) =>
  new Date(startsAtIso).getTime() - now.getTime() >= windowHours * 3_600_000;

export const GET_PAID_TEXTS = {
  title: 'Get paid',
  intro: 'Deposits your assistant collects are paid straight into your own Stripe account.',
  states: {
    not_started: 'Connect a Stripe account to take deposits. It takes about five minutes.',
    onboarding: 'Your Stripe account is not finished yet. Pick up where you left off.',
    restricted: 'Stripe needs a few more details before it can pay you.',
    ready: 'Your Stripe account is connected. Deposits go straight to you.',
  } satisfies Record<PayoutState, string>,
  badges: {
    not_started: 'Not connected',
    onboarding: 'Onboarding incomplete',
    restricted: 'Action needed',
    ready: 'Ready',
  } satisfies Record<PayoutState, string>,
  /** Onboarding links work until the account is set up; a ready Standard account is managed on Stripe. */
  actions: {
    not_started: 'Connect Stripe',
    onboarding: 'Resume onboarding',
    restricted: 'Update details on Stripe',
  } satisfies Record<Exclude<PayoutState, 'ready'>, string>,
  dashboardLink: 'Open your Stripe Dashboard',
  dashboardUrl: 'https://dashboard.stripe.com/',
  deposits: {
    on: 'Your assistant asks every caller who books for a deposit.',
    needs_account: 'Your assistant does not ask for deposits until your Stripe account is ready.',
    needs_objective:
      'Your assistant does not ask for deposits: none of your objectives collects one. Add deposit collection in Objectives.',
  } satisfies Record<DepositAvailability, string>,
  settingsTitle: 'Deposit',
  fixedLabel: 'Fixed amount',
  percentLabel: 'Percentage of the price',
  amountLabel: 'Deposit amount ($)',
  percentFieldLabel: 'Percentage (%)',
  priceLabel: 'Typical price of a booking ($)',
  refundLabel: 'Refund if cancelled at least this many hours before',
  refundHint: 'Cancel later than that and the deposit is kept. 0 means always refund.',
  save: 'Save deposit settings',
  saved: 'Deposit settings saved.',
  collected: 'Collected in deposits',
  returned: 'Back from Stripe. Checking your account…',
  refunds: {
    refunded: 'The deposit was refunded to the caller.',
    outside_window: 'The deposit was kept: the cancellation came after your refund window.',
    failed: 'The deposit could not be refunded automatically. Refund it from your Stripe dashboard.',
  } satisfies Record<Exclude<DepositRefundOutcome, 'none'>, string>,
} as const;
