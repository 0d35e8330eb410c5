import { describe, expect, it } from 'vitest';
import { WEBHOOK_DELIVERY } from '@shared/webhooks';
import { deadlineOf, nextAttemptAt, withAttempt } from './retry-rules';

const created = new Date('2026-11-29T10:00:00.000Z');
const deadline = deadlineOf(created);

describe('webhook retry schedule', () => {
  it('backs off exponentially, then repeats the longest delay, for 24 hours', () => {
    let at = created;
    const gaps: number[] = [];
    for (let failed = 1; ; failed += 1) {
      const next = nextAttemptAt(failed, at, deadline);
      if (!next) break;
      gaps.push((next.getTime() - at.getTime()) / 60_000);
      at = next;
      if (failed > 50) throw new Error('never stops');
    }
    expect(gaps.slice(0, 6)).toEqual([1, 5, 30, 120, 300, 600]);
    // The last retry lands exactly on the deadline, 24 h after the event.
    expect(at.toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(Math.max(...gaps)).toBe(600);
  });

  it('gives up once the deadline has passed', () => {
    expect(nextAttemptAt(3, deadline, deadline)).toBeNull();
    expect(nextAttemptAt(1, new Date(deadline.getTime() - 10_000), deadline)).toEqual(deadline);
  });

  it('keeps only the latest attempts in the log', () => {
    let log = withAttempt([], {
      at: created.toISOString(),
      response_code: 500,
      latency_ms: 3,
      error: 'HTTP 500',
    });
    for (let i = 0; i < 20; i += 1)
      log = withAttempt(log, { at: created.toISOString(), response_code: i, latency_ms: 1, error: null });
    expect(log).toHaveLength(WEBHOOK_DELIVERY.attemptsShown);
    expect(log.at(-1)!.response_code).toBe(19);
  });
});
