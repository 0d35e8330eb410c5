import { describe, expect, it } from 'vitest';
import { durationLabel, momentLabel, rangeStart } from './call-log-format';

describe('call log formatting', () => {
  it('shows durations in the largest two units', () => {
    expect(durationLabel(0)).toBe('0s');
    expect(durationLabel(59)).toBe('59s');
    expect(durationLabel(65)).toBe('1m 05s');
    expect(durationLabel(3725)).toBe('1h 02m');
  });

  it("shows a moment on the business's clock, not the browser's", () => {
    expect(momentLabel('2026-11-23T02:30:00.000Z', 'America/Los_Angeles')).toBe('Nov 22, 6:30 PM');
    expect(momentLabel('2026-11-23T02:30:00.000Z', 'America/New_York')).toBe('Nov 22, 9:30 PM');
  });

  it('turns a range choice into its start, all time into none', () => {
    const now = new Date('2026-11-23T12:00:00.000Z');
    expect(rangeStart('7', now)).toBe('2026-11-16T12:00:00.000Z');
    expect(rangeStart('all', now)).toBeUndefined();
  });
});
