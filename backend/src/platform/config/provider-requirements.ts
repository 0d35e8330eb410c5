import type { AppConfig } from './env';
import type { VendorKey } from './vendor-keys';

/**
 * Which configuration each real provider needs. One table read by the fail-closed wiring (app-deps.ts),
 * the cold-start log and the operator docs, so "what does payments need" has one answer.
 */
export const PROVIDER_REQUIREMENTS = {
  payments: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  /** The receptionist that answers calls, texts and the test chat (docs/decisions/160-fail-closed.md). */
  assistant: ['OPENAI_API_KEY'],
  llm: ['OPENAI_API_KEY'],
  speech: ['OPENAI_API_KEY'],
  places: ['GOOGLE_PLACES_API_KEY'],
  telephony: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'],
  /** Notification e-mails carry unsubscribe links signed with a key derived from TOKEN_ENCRYPTION_KEY. */
  email: ['SES_FROM_ADDRESS', 'TOKEN_ENCRYPTION_KEY'],
  calendar: ['TOKEN_ENCRYPTION_KEY'],
} as const satisfies Record<string, readonly (VendorKey | 'SES_FROM_ADDRESS')[]>;

export type ProviderName = keyof typeof PROVIDER_REQUIREMENTS;
export const PROVIDER_NAMES = Object.keys(PROVIDER_REQUIREMENTS) as ProviderName[];

/** A required key that is absent or was rejected, with the reason when it was rejected. */
export type MissingKey = { key: string; reason: 'missing' | string };

const present = (config: AppConfig): Record<string, boolean> => ({
  STRIPE_SECRET_KEY: Boolean(config.stripe.secretKey),
  STRIPE_WEBHOOK_SECRET: Boolean(config.stripe.webhookSecret),
  OPENAI_API_KEY: Boolean(config.openai.apiKey),
  GOOGLE_PLACES_API_KEY: Boolean(config.googlePlaces.apiKey),
  TWILIO_ACCOUNT_SID: Boolean(config.twilio.accountSid),
  TWILIO_AUTH_TOKEN: Boolean(config.twilio.authToken),
  SES_FROM_ADDRESS: Boolean(config.ses.fromAddress),
  TOKEN_ENCRYPTION_KEY: Boolean(config.calendarOAuth.tokenEncryptionKey),
});

/** The keys a provider still lacks (empty when it can run for real). */
export function missingKeys(config: AppConfig, provider: ProviderName): MissingKey[] {
  const has = present(config);
  return PROVIDER_REQUIREMENTS[provider]
    .filter((key) => !has[key])
    .map((key) => ({
      key,
      reason: (config.vendorKeyProblems as Record<string, string | undefined>)[key] ?? 'missing',
    }));
}

/** For the cold-start log: which providers are real and what each of the others lacks. */
export function providerReport(config: AppConfig) {
  const real: ProviderName[] = [];
  const notConfigured: Partial<Record<ProviderName, string[]>> = {};
  for (const provider of PROVIDER_NAMES) {
    const missing = missingKeys(config, provider);
    if (missing.length === 0) real.push(provider);
    else notConfigured[provider] = missing.map(({ key, reason }) => `${key} (${reason})`);
  }
  return { real, notConfigured };
}
