import { z } from 'zod';
import { TEXT_LIMITS } from '../text-limits';

/** Spec §5: the manager phone is stored as +1 and 10 digits (US/Canada), or empty when not set. */
export const MANAGER_NUMBER_PATTERN = /^\+1\d{10}$/;

/** PUT /oauth/users/{userId}/behavior-settings (spec §3 "Behavior settings", §5). */
export const behaviorSettingsSchema = z.object({
  remember_past_callers: z.boolean(),
  manager_number: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || MANAGER_NUMBER_PATTERN.test(value),
      'Manager number must be +1 followed by 10 digits',
    ),
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

/** Manager phone digits as typed (max 10) to the stored form: '' or +1 and 10 digits. */
export const managerNumberForStorage = (typed: string) => {
  const digits = typed
    .replace(/\D/g, '')
    .replace(/^1(?=\d{10}$)/, '')
    .slice(0, 10);
  return digits === '' ? '' : `+1${digits}`;
};
