import { z } from 'zod';

/** A subscription plan as GET /oauth/subscription/products returns it (spec §3 "Plan"). */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  price_id: z.string(),
  /** Cents. */
  amount: z.number().int().nonnegative(),
  /** 'month' and 'year' are shown; other intervals may exist at the provider and are filtered out. */
  interval: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  display_order: z.number().optional(),
  metadata: z.object({
    ValueOrder: z.string().optional(),
    WaitList: z.string().optional(),
  }),
});
export type Plan = z.infer<typeof planSchema>;

export const productsResponseSchema = z.object({ products: z.array(planSchema) });

/** Provider statuses we keep; 'none' means the owner never subscribed. */
export const subscriptionStatusValues = [
  'none',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatusValue = (typeof subscriptionStatusValues)[number];

/** GET /oauth/subscription/status (spec §3 "Subscription status"). */
export const subscriptionStatusSchema = z.object({
  status: z.enum(subscriptionStatusValues),
  plan_id: z.string().nullable(),
  price_id: z.string().nullable(),
  /** ISO date-time. */
  current_period_end: z.string().nullable(),
  trial_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** The subscription's identifier at the card payment provider. */
  stripe_subscription_id: z.string().nullable(),
  /** The owner has had a free trial: a new checkout has none (issue 10 §2); the plan cards say so. */
  trial_used: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * GET /oauth/subscription/upcoming-invoice: the next invoice as the payment provider would make it now, in
 * cents, after coupons and the customer's credit balance (referral credits, decision 164).
 */
export const upcomingInvoiceSchema = z.object({
  subtotal: z.number().int(),
  discount: z.number().int().nonnegative(),
  credit_applied: z.number().int().nonnegative(),
  amount_due: z.number().int().nonnegative(),
  /** Credit left on the balance after this invoice. */
  credit_remaining: z.number().int().nonnegative(),
  /** ISO date-time of the next payment attempt; null when unknown. */
  next_payment_at: z.string().nullable(),
});
export type UpcomingInvoice = z.infer<typeof upcomingInvoiceSchema>;
/** null when there is no next invoice (no live subscription, or one that ends at the period's end). */
export const upcomingInvoiceResponseSchema = z.object({ invoice: upcomingInvoiceSchema.nullable() });
export type UpcomingInvoiceResponse = z.infer<typeof upcomingInvoiceResponseSchema>;

export const selectPlanRequestSchema = z.object({ price_id: z.string().min(1).max(200) });
export const selectPlanResponseSchema = z.object({ selected: z.literal(true), price_id: z.string() });

/** POST /oauth/subscription/checkout (spec §3 "Checkout request"); the caller's fields are optional. */
export const checkoutRequestSchema = z.object({
  price_id: z.string().min(1).max(200),
  success_url: z.url().max(2000),
  cancel_url: z.url().max(2000),
  user_id: z.string().max(128).optional(),
  business_id: z.string().max(128).optional(),
  metadata: z.record(z.string(), z.string().max(500)).optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export const checkoutResponseSchema = z.object({ checkout_url: z.url(), session_id: z.string() });

export const portalRequestSchema = z.object({
  return_url: z.url().max(2000),
  /**
   * The plan to switch to: the portal opens on confirming that change (Stripe's flow_data
   * subscription_update_confirm), so 'Upgrade' lands on the chosen plan rather than the portal's home.
   */
  price_id: z.string().min(1).max(200).optional(),
});
export const portalResponseSchema = z.object({ portal_url: z.url() });

export const customerProfileSchema = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  customer_id: z.string().nullable(),
  selected_price_id: z.string().nullable(),
  subscription: subscriptionStatusSchema,
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;
