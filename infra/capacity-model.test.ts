import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNED_WEBHOOK_PATHS } from '../backend/src/platform/http/webhook-paths';
import { API_GATEWAY_ACCOUNT_QUOTA, CAPACITY, CAPACITY_INPUTS, capacityModel } from './lib/capacity-model';
import { HTTP_API_THROTTLE, WEBHOOK_THROTTLE } from './lib/http-api';
import { REPO_ROOT } from './lib/repo-paths';
import { WEBSOCKET_THROTTLE } from './lib/websocket-api';

/** The "Capacity model" section of docs/capacity.md, up to the next section another author may add. */
const section = () => {
  const text = readFileSync(path.join(REPO_ROOT, 'docs/capacity.md'), 'utf8');
  const start = text.indexOf('## Capacity model');
  expect(start).toBeGreaterThanOrEqual(0);
  const next = text.indexOf('\n## ', start + 1);
  return text.slice(start, next === -1 ? undefined : next);
};
const formatted = (value: number) => value.toLocaleString('en-US');

describe('capacity model', () => {
  it('derives calls, messages and throttles from owners × concurrent calls × messages per second', () => {
    expect(CAPACITY.peakConcurrentCalls).toBe(2000);
    expect(CAPACITY.relayMessagesPerSecond).toBe(1000);
    expect(CAPACITY.throttles).toEqual({
      websocket: { rateLimit: 2100, burstLimit: 4200 },
      dashboard: { rateLimit: 1000, burstLimit: 2000 },
      webhook: { rateLimit: 150, burstLimit: 300 },
    });
    // Twice the owners, twice the socket traffic: the limit follows the model, not a fixed number.
    const doubled = capacityModel({ ...CAPACITY_INPUTS, owners: CAPACITY_INPUTS.owners * 2 });
    expect(doubled.socketMessagesPerSecond).toBeCloseTo(CAPACITY.socketMessagesPerSecond * 2);
    expect(doubled.throttles.websocket.rateLimit).toBeGreaterThan(CAPACITY.throttles.websocket.rateLimit);
    const chattier = capacityModel({ ...CAPACITY_INPUTS, relayMessagesPerCallPerSecond: 1 });
    expect(chattier.throttles.websocket.rateLimit).toBe(4100);
  });

  it('is what the stack deploys', () => {
    expect(WEBSOCKET_THROTTLE).toEqual(CAPACITY.throttles.websocket);
    expect(HTTP_API_THROTTLE).toEqual(CAPACITY.throttles.dashboard);
    expect(WEBHOOK_THROTTLE).toEqual(CAPACITY.throttles.webhook);
  });

  it("fits, summed over every stage and route, under API Gateway's account quota", () => {
    const throttles = [
      CAPACITY.throttles.websocket,
      CAPACITY.throttles.dashboard,
      ...SIGNED_WEBHOOK_PATHS.map(() => CAPACITY.throttles.webhook),
    ];
    const total = throttles.reduce((sum, throttle) => sum + throttle.rateLimit, 0);
    expect(total).toBe(4900);
    expect(total).toBeLessThanOrEqual(API_GATEWAY_ACCOUNT_QUOTA.rateLimit);
    for (const throttle of throttles)
      expect(throttle.burstLimit).toBeLessThanOrEqual(API_GATEWAY_ACCOUNT_QUOTA.burstLimit);
  });

  it('states its numbers in docs/capacity.md', () => {
    const text = section();
    const { inputs } = CAPACITY;
    for (const value of [
      `${formatted(inputs.owners)} owners`,
      `${formatted(CAPACITY.peakConcurrentCalls)} calls**`,
      `${formatted(CAPACITY.relayMessagesPerSecond)} /s**`,
      `${formatted(Math.round(CAPACITY.socketMessagesPerSecond))} /s**`,
      `${formatted(Math.round(CAPACITY.twilioWebhooksPerSecond))} /s**`,
      `${formatted(CAPACITY.dashboardRequestsPerSecond)} /s**`,
      `add up to ${formatted(4900)} requests/s`,
    ])
      expect(text).toContain(value);
    for (const throttle of Object.values(CAPACITY.throttles)) {
      expect(text).toMatch(
        new RegExp(`\\| ${formatted(throttle.rateLimit)} +\\| ${formatted(throttle.burstLimit)} +\\|`),
      );
    }
  });
});
