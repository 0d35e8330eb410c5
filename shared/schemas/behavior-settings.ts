import { z } from 'zod';
import { TEXT_LIMITS } from '../text-limits';
import { isNorthAmericanPhone, parsePhone, phoneDigits } from '../phone/phone-number';

export const MANAGER_NUMBER_MESSAGES = {
  notStoredForm: 'Manager number must be +1 followed by 10 digits',
  notNorthAmerican: 'Manager number must be a US or Canadian phone number',
} as const;

/**
 * Spec §5: the manager phone is stored as +1 and 10 digits, or empty when not set; and it must be a US or
 * Canadian number, because calls are transferred to it and texts sent to it from the assistant's own
 * US/Canadian number (docs/decisions/166-phone-numbers.md). Undefined when it is fine.
 */
export function managerNumberError(value: string): string | undefined {
  if (value === '') return undefined;
  const parts = parsePhone(value);
  if (!parts || parts.e164 !== value || parts.callingCode !== '1' || !parts.possible) {
    return MANAGER_NUMBER_MESSAGES.notStoredForm;
  }
  return isNorthAmericanPhone(value) ? undefined : MANAGER_NUMBER_MESSAGES.notNorthAmerican;
}

/** PUT /oauth/users/{userId}/behavior-settings (spec §3 "Behavior settings", §5). */
export const behaviorSettingsSchema = z.object({
  remember_past_callers: z.boolean(),
  manager_number: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const message = managerNumberError(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  manager_name: z.string().trim().max(TEXT_LIMITS.managerName),
  escalation_email: z
    .string()
    .trim()
    .max(TEXT_LIMITS.email)
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'Please enter a valid e-mail address',
    ),
  text_escalation_to_manager: z.boolean(),
});
export type BehaviorSettings = z.infer<typeof behaviorSettingsSchema>;

/** The manager phone as typed (ddd-ddd-dddd) to the stored form: '' or, for a whole number, +1 and 10 digits. */
export const managerNumberForStorage = (typed: string) => {
  const digits = phoneDigits(typed);
  if (digits === '') return '';
  return parsePhone(typed)?.e164 ?? `+1${digits}`;
};
