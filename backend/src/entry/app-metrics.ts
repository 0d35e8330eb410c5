import type { AppConfig } from '../platform/config/env';
import type { Logger } from '../platform/logging/logger';
import { createEmfMetrics, type Metrics } from '../platform/observability/metrics';

/** In AWS EMF lines go to stdout (CloudWatch reads them); elsewhere they stay in the debug log. */
export const appMetrics = (config: AppConfig, logger: Logger): Metrics =>
  createEmfMetrics(
    config.stage,
    config.appEnv === 'aws'
      ? undefined
      : (line) => logger.debug('metric', JSON.parse(line) as Record<string, unknown>),
  );
