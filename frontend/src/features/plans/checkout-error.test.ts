import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../lib/api-client';
import { CHECKOUT_REFUSALS } from '@shared/plans';
import { checkoutErrorOutcome } from './checkout-error';

describe('checkoutErrorOutcome', () => {
  it('sends the owner to setup when the server says the business id was not found', () => {
    expect(
      checkoutErrorOutcome(
        new ApiClientError('Failed to start checkout (404)', 404, 'business_id not found'),
      ),
    ).toEqual({
      message: 'Please complete your business setup first. Redirecting to setup...',
      redirectToSetup: true,
    });
    expect(checkoutErrorOutcome(new Error('business_id not found for user'))).toMatchObject({
      redirectToSetup: true,
    });
  });

  it('shows the one checkout failure text otherwise', () => {
    for (const error of [
      new ApiClientError('Failed to start checkout (502)', 502, 'unavailable'),
      new Error('x'),
      null,
    ]) {
      expect(checkoutErrorOutcome(error)).toEqual({
        message: 'Failed to select plan or start checkout. Please try again.',
        redirectToSetup: false,
      });
    }
  });

  it("shows the server's words for a refused checkout (409) and asks for the subscription again", () => {
    for (const refusal of Object.values(CHECKOUT_REFUSALS)) {
      expect(
        checkoutErrorOutcome(new ApiClientError('Failed to start checkout (409)', 409, refusal.message)),
      ).toEqual({ message: refusal.message, redirectToSetup: false, recheckSubscription: true });
    }
  });
});
