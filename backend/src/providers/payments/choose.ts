import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AppConfig } from '../../platform/config/env';
import { paymentsNotConfigured, type PaymentsProvider } from './port';
import { createLocalPaymentsProvider, type LocalPaymentsProvider } from '../../local/stripe/local-payments';
import { createStripePaymentsProvider } from './stripe';

/** Stripe when its key is configured, else the local provider when local providers are on. */
export function createPaymentsProvider(
  config: Pick<AppConfig, 'stripe' | 'localProviders' | 'tableName'>,
  doc: DynamoDBDocumentClient,
  now: () => Date,
): PaymentsProvider | LocalPaymentsProvider {
  if (config.stripe.secretKey) {
    return createStripePaymentsProvider({
      secretKey: config.stripe.secretKey,
      apiBase: config.stripe.apiBase,
    });
  }
  if (config.localProviders) return createLocalPaymentsProvider(doc, config.tableName, now);
  return paymentsNotConfigured;
}

export const isLocalPaymentsProvider = (
  provider: PaymentsProvider | LocalPaymentsProvider,
): provider is LocalPaymentsProvider => provider.kind === 'local' && 'completeCheckout' in provider;
