import type { Logger } from '../logging/logger';
import type { Metrics } from '../observability/metrics';
import type { AppConfig } from './env';
import { missingKeys, providerReport, type ProviderName } from './provider-requirements';

/**
 * What a deployed function cannot do for want of a key, beyond a single route's 503: the assistant
 * (callers forwarded, texters told it is not answering) and notification e-mail (none sent). Each is an
 * error line naming the keys and a metric whose alarm tells the operator (docs/decisions/160-fail-closed.md).
 */
const OUTAGES = [
  {
    requirement: 'assistant',
    metric: 'AssistantUnavailable',
    message:
      'Assistant unavailable: callers are forwarded to the business phone, texters told it is not answering',
  },
  {
    requirement: 'email',
    metric: 'EmailUnavailable',
    message: 'Notification e-mails disabled: no summary or digest e-mail will be sent',
  },
] as const satisfies ReadonlyArray<{ requirement: ProviderName; metric: string; message: string }>;

/**
 * The one report of each cold start: an info line saying which providers are real and what each of the
 * others lacks, then in AWS one error line (and metric) per outage above.
 */
export function reportColdStart(config: AppConfig, deps: { logger: Logger; metrics: Metrics }) {
  deps.logger.info('Providers at cold start', { app_env: config.appEnv, ...providerReport(config) });
  if (config.appEnv !== 'aws') return;
  for (const { requirement, metric, message } of OUTAGES) {
    const missing = missingKeys(config, requirement);
    if (missing.length === 0) continue;
    deps.logger.error(message, {
      requirement,
      missing_keys: missing.map(({ key, reason }) => `${key} (${reason})`),
    });
    deps.metrics.count(metric);
  }
}
