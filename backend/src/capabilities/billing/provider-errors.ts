import { HttpError } from '../../platform/errors/http-error';
import { PaymentProviderError } from '../../providers/payments/port';

/** Runs a payment-provider call; its failures become the API's one error shape (no vendor text leaks). */
export async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.kind === 'invalid_request') throw new HttpError(400, 'payment_request_invalid', error.message);
    if (error.kind === 'not_found') throw new HttpError(404, 'not_found', error.message);
    throw new HttpError(
      502,
      'payment_provider_unavailable',
      'The payment provider is unavailable. Please try again.',
    );
  }
}
