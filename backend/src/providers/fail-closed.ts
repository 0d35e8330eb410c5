import type { AppConfig } from '../platform/config/env';
import { missingKeys, type ProviderName } from '../platform/config/provider-requirements';
import type { Logger } from '../platform/logging/logger';
import { notConfiguredProvider } from '../platform/config/not-configured';

/**
 * Returns a builder that, in AWS, gives the real provider only when all its keys are present and valid, and
 * otherwise a refusing stand-in (503 naming the keys). Locally and in tests the factory decides as before
 * (real when keyed, else the local implementation).
 */
export const failClosed =
  (config: AppConfig, logger: Logger) =>
  <T extends object>(provider: ProviderName, build: () => T): T => {
    if (config.appEnv !== 'aws') return build();
    const missing = missingKeys(config, provider);
    return missing.length === 0 ? build() : notConfiguredProvider<T>(provider, missing, logger);
  };
