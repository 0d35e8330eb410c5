import { HttpError } from '../errors/http-error';
import type { MissingKey, ProviderName } from './provider-requirements';
import type { Logger } from '../logging/logger';

/** A route needed a provider whose keys are absent or invalid: 503 naming the keys, never a local fake. */
export class ProviderNotConfiguredError extends HttpError {
  /** The names of the keys it lacks (never their values). */
  readonly missingKeys: string[];

  constructor(
    readonly provider: ProviderName,
    missing: MissingKey[],
  ) {
    const keys = missing.map(({ key }) => key);
    super(
      503,
      'provider_not_configured',
      `This feature is unavailable: ${provider} is not configured (${missing
        .map(({ key, reason }) => (reason === 'missing' ? `${key} is missing` : `${key} ${reason}`))
        .join('; ')}).`,
      { provider, missing_keys: keys },
    );
    this.missingKeys = keys;
  }
}

/**
 * Stands in for a provider in AWS while its keys are missing: every method throws ProviderNotConfiguredError,
 * so the error handler answers 503 on exactly the routes that use it, and one log line names the keys.
 * A Proxy rather than one class per interface: the provider interfaces differ but the refusal is the same.
 */
export function notConfiguredProvider<T extends object>(
  provider: ProviderName,
  missing: MissingKey[],
  logger: Logger,
): T {
  const refuse = () => {
    logger.error('Provider not configured', { provider, missing_keys: missing.map(({ key }) => key) });
    // A rejected promise, like the real adapters' failures: every provider method is asynchronous.
    return Promise.reject(new ProviderNotConfiguredError(provider, missing));
  };
  return new Proxy({} as T, {
    get(_target, property) {
      if (property === 'name' || property === 'kind') return 'not_configured';
      // Not a thenable: `await provider` must not call a refusing `then`.
      if (property === 'then' || typeof property === 'symbol') return undefined;
      return refuse;
    },
  });
}
