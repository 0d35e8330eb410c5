import { z } from 'zod';

/**
 * Opening hours as the business lookup gives them (one line per day). Its own module so the wizard's
 * business information form validates them without building the whole business config's schemas.
 */
export const businessHoursSchema = z.object({
  weekday_text: z.array(z.string().max(200)).max(14),
});
