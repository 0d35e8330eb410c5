import { z } from 'zod';

/** POST /oauth/international-waitlist (no token). `notify` is set when the person asks to be told. */
export const internationalWaitlistRequestSchema = z.object({
  email: z.email().max(254),
  country_code: z.string().regex(/^\+\d{1,4}$/, 'Expected a country calling code such as +44'),
  country_name: z.string().min(1).max(100),
  notify: z.boolean().optional(),
});
export type InternationalWaitlistRequest = z.infer<typeof internationalWaitlistRequestSchema>;

/**
 * POST /oauth/beta-waitlist. The spec's payload carries the e-mail, but the API joins the verified token's
 * e-mail (issue 10 §6), so the field is optional and never used as the key.
 */
export const betaWaitlistRequestSchema = z.object({ email: z.email().max(254).optional() });
export type BetaWaitlistRequest = z.infer<typeof betaWaitlistRequestSchema>;

export const waitlistResponseSchema = z.object({ joined: z.literal(true) });
