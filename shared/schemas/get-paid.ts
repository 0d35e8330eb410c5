import { z } from 'zod';
import { formatDollars, MAX_DEPOSIT_CENTS, MIN_DEPOSIT_CENTS } from '../receptionist/deposits';
import {
  DEPOSIT_AVAILABILITY,
  depositCentsOf,
  GET_PAID_LIMITS_TEXT,
  MAX_REFUND_WINDOW_HOURS,
  MAX_SERVICE_PRICE_CENTS,
  PAYOUT_STATES,
} from '../get-paid';

/**
 * Issue 12 §3: one schema for the dashboard's Get paid card and for `GET/PUT /oauth/users/{userId}/get-paid…`
 * (docs/decisions/150). The states, limits, rules and texts are in shared/get-paid.ts.
 */

const cents = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole cents`)
    .min(min, `${label} must be at least ${formatDollars(min)}`)
    .max(max, `${label} must be at most ${formatDollars(max)}`);

/**
 * The deposit the assistant asks for: a fixed amount, or a percentage of the business's typical price
 * (the config has no price list, so the owner says what a typical booking costs). Either way the deposit
 * itself stays within the payment limits.
 */
export const depositSettingsSchema = z
  .discriminatedUnion('mode', [
    z.object({
      mode: z.literal('fixed'),
      amount_cents: cents('The deposit', MIN_DEPOSIT_CENTS, MAX_DEPOSIT_CENTS),
      refund_window_hours: z.number().int().min(0).max(MAX_REFUND_WINDOW_HOURS),
    }),
    z.object({
      mode: z.literal('percent'),
      percent: z
        .number({ error: 'The percentage must be a number' })
        .int('The percentage must be a whole number')
        .min(1, 'The percentage must be at least 1%')
        .max(100, 'The percentage must be at most 100%'),
      price_cents: cents('The typical price', MIN_DEPOSIT_CENTS, MAX_SERVICE_PRICE_CENTS),
      refund_window_hours: z.number().int().min(0).max(MAX_REFUND_WINDOW_HOURS),
    }),
  ])
  .superRefine((settings, ctx) => {
    // A fixed amount has its own limits; a percentage is checked once both of its fields are valid.
    if (settings.mode === 'fixed' || ctx.issues?.length) return;
    const amount = depositCentsOf(settings);
    if (amount < MIN_DEPOSIT_CENTS || amount > MAX_DEPOSIT_CENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['percent'],
        message: `The deposit comes to ${formatDollars(amount)}; it must be ${GET_PAID_LIMITS_TEXT}`,
      });
    }
  });
export type DepositSettings = z.infer<typeof depositSettingsSchema>;

/** In shared/get-paid.ts, without zod: a caller's first ring builds the business profile with it. */
export { defaultDepositSettings } from '../get-paid';

export const getPaidStatusSchema = z.object({
  state: z.enum(PAYOUT_STATES),
  /** What the provider still needs before charges or payouts work (its own field names). */
  requirements_due: z.array(z.string()),
  deposits: z.enum(DEPOSIT_AVAILABILITY),
  deposit_cents: z.number().int(),
  settings: depositSettingsSchema,
  /** Deposits paid into this account minus those refunded, all time (cents). */
  collected_cents: z.number().int(),
});
export type GetPaidStatus = z.infer<typeof getPaidStatusSchema>;

export const onboardingLinkSchema = z.object({ url: z.string() });
