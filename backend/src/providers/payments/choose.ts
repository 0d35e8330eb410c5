import type { AppConfig } from '../../platform/config/env';
import type { PaymentsProvider } from './port';
import { createStripePaymentsProvider } from './stripe';

/**
 * Stripe when its secret key is configured, else the stand-in a local entry point handed in (the local
 * checkout and Connect pages, backend/src/local/stripe/), else undefined: the wiring then refuses clearly.
 */
export function choosePaymentsProvider(
  config: Pick<AppConfig, 'stripe'>,
  standIn: PaymentsProvider | undefined,
): PaymentsProvider | undefined {
  if (config.stripe.secretKey) {
    return createStripePaymentsProvider({
      secretKey: config.stripe.secretKey,
      apiBase: config.stripe.apiBase,
    });
  }
  return standIn;
}
