import { describe, expect, it } from 'vitest';
import { createEmfMetrics, METRICS_NAMESPACE } from './metrics';

describe('EMF metrics', () => {
  it('writes one EMF line per count with the stage and the given dimensions', () => {
    const lines: string[] = [];
    const metrics = createEmfMetrics(
      'prod',
      (line) => lines.push(line),
      () => new Date(1_700_000_000_000),
    );
    metrics.count('Bookings', 1, { channel: 'sms' });
    metrics.count('WebhookFailures', 2);
    const [booking, failures] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(booking).toEqual({
      _aws: {
        Timestamp: 1_700_000_000_000,
        CloudWatchMetrics: [
          {
            Namespace: METRICS_NAMESPACE,
            Dimensions: [['stage'], ['stage', 'channel']],
            Metrics: [{ Name: 'Bookings', Unit: 'Count' }],
          },
        ],
      },
      stage: 'prod',
      channel: 'sms',
      Bookings: 1,
    });
    expect(failures).toMatchObject({ stage: 'prod', WebhookFailures: 2 });
    expect(
      (failures!._aws as { CloudWatchMetrics: Array<{ Dimensions: unknown }> }).CloudWatchMetrics[0]!
        .Dimensions,
    ).toEqual([['stage']]);
  });
});
