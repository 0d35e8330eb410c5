import { checkoutRefusalIn, PLAN_MESSAGES } from '@shared/plans';
import { BUSINESS_ID_NOT_FOUND } from '@shared/plans';

/**
 * Spec §8: a failed plan selection or checkout shows one message; when the server says the business id was
 * not found, the owner is told to finish setup and sent to /setup.
 */
export function checkoutErrorOutcome(error: unknown): {
  message: string;
  redirectToSetup: boolean;
  /** A 409 (issue 10 §2): the owner pays already, must update a card, or another tab is checking out. */
  recheckSubscription?: true;
} {
  const refusal = checkoutRefusalIn(error);
  if (refusal) return { message: refusal.message, redirectToSetup: false, recheckSubscription: true };
  const texts = [
    (error as { serverError?: unknown } | null)?.serverError,
    (error as { message?: unknown } | null)?.message,
  ].filter((text): text is string => typeof text === 'string');
  if (texts.some((text) => text.includes(BUSINESS_ID_NOT_FOUND))) {
    return { message: PLAN_MESSAGES.businessSetupFirst, redirectToSetup: true };
  }
  return { message: PLAN_MESSAGES.checkoutFailed, redirectToSetup: false };
}
