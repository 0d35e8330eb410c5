import {
  businessRegistrationDetailsSchema,
  type BusinessRegistrationDetails,
} from '@shared/schemas/messaging-registration';
import {
  detailsOf,
  isRegistrationField,
  type RegistrationDraft,
  type RegistrationFieldErrors,
} from './registration-form';

// Its own module, loaded when the owner submits (onDemand, lib/chunk-load.ts): the schema and zod are not
// needed to show the registration's state.

/** Checks the draft with the API's own schema, so the form and the server refuse the same things. */
export function validateRegistrationDraft(
  draft: RegistrationDraft,
): { ok: true; value: BusinessRegistrationDetails } | { ok: false; errors: RegistrationFieldErrors } {
  const parsed = businessRegistrationDetailsSchema.safeParse(detailsOf(draft));
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: RegistrationFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (isRegistrationField(path)) errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}
