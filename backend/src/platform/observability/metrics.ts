/**
 * Business metrics in CloudWatch Embedded Metric Format (EMF): one JSON log line per event, which CloudWatch
 * turns into a metric without any API call or flush step, so it works the same in Lambda and on Node, and a
 * crash after the line is written loses nothing. The alarms and dashboard in infra/lib/observability.ts read
 * these names from here. Engine, SMS and voice code call `metrics.count('CallsAnswered')` and so on.
 */
export const METRICS_NAMESPACE = 'Ringly';

export const METRIC_NAMES = [
  'CallsAnswered',
  'SmsConversations',
  'Bookings',
  'Deposits',
  'WebhookFailures',
  'RelayErrors',
  /**
   * The assistant could not answer (AWS without OPENAI_API_KEY): counted at each cold start and for each
   * caller forwarded, texter told and test chat refused (docs/decisions/160-fail-closed.md).
   */
  'AssistantUnavailable',
  /** No notification e-mail can be sent (SES sender or TOKEN_ENCRYPTION_KEY missing): cold starts, skipped e-mails. */
  'EmailUnavailable',
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

/** Low-cardinality dimensions only (never an owner id or a phone number: each value is a billed metric). */
export type MetricDimensions = {
  channel?: 'voice' | 'sms' | 'chat';
  webhook?: 'stripe' | 'stripe-connect' | 'twilio';
};

export interface Metrics {
  count(name: MetricName, value?: number, dimensions?: MetricDimensions): void;
}

export type MetricsSink = (line: string) => void;

export function createEmfMetrics(
  stage: string,
  sink: MetricsSink = (line) => process.stdout.write(`${line}\n`),
  now: () => Date = () => new Date(),
): Metrics {
  return {
    count(name, value = 1, dimensions = {}) {
      const extra = Object.entries(dimensions).filter(([, dimensionValue]) => dimensionValue !== undefined);
      const dimensionSets = [['stage'], ['stage', ...extra.map(([key]) => key)]];
      sink(
        JSON.stringify({
          _aws: {
            Timestamp: now().getTime(),
            CloudWatchMetrics: [
              {
                Namespace: METRICS_NAMESPACE,
                Dimensions: extra.length > 0 ? dimensionSets : [['stage']],
                Metrics: [{ Name: name, Unit: 'Count' }],
              },
            ],
          },
          stage,
          ...Object.fromEntries(extra),
          [name]: value,
        }),
      );
    },
  };
}

/** For code paths and tests that want to see what was counted. */
export function createRecordingMetrics() {
  const counted: Array<{ name: MetricName; value: number; dimensions: MetricDimensions }> = [];
  const metrics: Metrics = {
    count: (name, value = 1, dimensions = {}) => counted.push({ name, value, dimensions }),
  };
  return { metrics, counted };
}
