import { BUSINESS_NUMBER_REFUSALS, type BusinessNumberRefusal } from '@shared/forwarding';
import { isSamePhone } from '@shared/phone/phone-number';
import { HttpError } from '../../platform/errors/http-error';

/**
 * Who holds an assistant number: the phone reservations, as the phone-numbers capability keeps them. Named
 * by shape, so this check needs nothing of that capability but the one read.
 */
export type AssistantNumberLookup = {
  get(phoneNumber: string): Promise<{ owner_id: string; status: string } | undefined>;
};

/**
 * Why a business number cannot be the line forwarded to the assistant, or undefined when it can
 * (docs/decisions/172-forwarding.md): an assistant number, the owner's own or another owner's, would send
 * forwarded calls (and the assistant's own forwards to the business line) round in a loop.
 */
export function businessNumberRefusal(
  ownerId: string,
  holder: { owner_id: string } | undefined,
): BusinessNumberRefusal | undefined {
  if (!holder) return undefined;
  return holder.owner_id === ownerId ? 'own_assistant_number' : 'another_assistant_number';
}

/**
 * Throws the 400 `{ error: 'forwarding_loop', message, details }` when the E.164 business number is
 * refused; `details` names the field the way validation errors do, so the step-1 form shows it there.
 */
export async function assertBusinessNumberAllowed(
  reservations: AssistantNumberLookup,
  ownerId: string,
  businessNumber: string,
): Promise<void> {
  const refusal = businessNumberRefusal(ownerId, await reservations.get(businessNumber));
  if (!refusal) return;
  const { error, message } = BUSINESS_NUMBER_REFUSALS[refusal];
  throw new HttpError(400, error, message, [{ path: 'phone_number', message }]);
}

/**
 * Throws the 400 `forwarding_loop` when the number an owner picks for their assistant is their own business
 * line: the line forwards to the assistant, and the assistant's forwards go to the line.
 */
export function assertNotBusinessLine(businessPhone: string | undefined, assistantNumber: string): void {
  if (!isSamePhone(businessPhone, assistantNumber)) return;
  const { error, message } = BUSINESS_NUMBER_REFUSALS.business_line_as_assistant;
  throw new HttpError(400, error, message, [{ path: 'assistant_phone', message }]);
}
