import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../lib/api-client';
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
});
