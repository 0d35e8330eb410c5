import { describe, expect, it } from 'vitest';
import { DEFAULT_QUIET_HOURS, inQuietHours, planReminders, reminderSendAt } from './reminders';
import { reminderSettingsSchema } from './schemas/reminders';

const NY = 'America/New_York';
/** 2026-12-01 is a Tuesday; New York is UTC-5 then. */
const ny = (day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2026, 11, day, hour + 5, minute)).toISOString();

describe('reminderSendAt (decision 175)', () => {
  it('sends exactly the offset before, outside quiet hours', () => {
    expect(reminderSendAt(new Date(ny(2, 15)), 24, DEFAULT_QUIET_HOURS, NY)?.toISOString()).toBe(ny(1, 15));
    expect(reminderSendAt(new Date(ny(2, 15)), 2, DEFAULT_QUIET_HOURS, NY)?.toISOString()).toBe(ny(2, 13));
  });

  it('moves a reminder due in quiet hours to their end when still before the appointment', () => {
    // 10:00 appointment, 2 h before = 8:00 is fine; 9:00 appointment, 2 h before = 7:00 → 8:00.
    expect(reminderSendAt(new Date(ny(2, 10)), 2, DEFAULT_QUIET_HOURS, NY)?.toISOString()).toBe(ny(2, 8));
    expect(reminderSendAt(new Date(ny(2, 9)), 2, DEFAULT_QUIET_HOURS, NY)?.toISOString()).toBe(ny(2, 8));
    // 22:00 the day before a 22:00 appointment → 8:00.
    expect(reminderSendAt(new Date(ny(2, 22)), 24, DEFAULT_QUIET_HOURS, NY)?.toISOString()).toBe(ny(2, 8));
  });

  it('sends the evening before when the end of quiet hours is too close to the appointment', () => {
    // 8:15 appointment: 8:00 is less than 30 minutes ahead, so 20:30 the evening before.
    expect(reminderSendAt(new Date(ny(2, 8, 15)), 2, DEFAULT_QUIET_HOURS, NY)?.toISOString()).toBe(
      ny(1, 20, 30),
    );
    // Owner's wider quiet hours: 19:00–10:00; a 10:00 appointment's 1 h reminder → 18:30 the day before.
    expect(reminderSendAt(new Date(ny(2, 10)), 1, { start_hour: 19, end_hour: 10 }, NY)?.toISOString()).toBe(
      ny(1, 18, 30),
    );
  });

  it('knows quiet hours in the business time zone', () => {
    expect(inQuietHours(new Date(ny(1, 21)), DEFAULT_QUIET_HOURS, NY)).toBe(true);
    expect(inQuietHours(new Date(ny(1, 7, 59)), DEFAULT_QUIET_HOURS, NY)).toBe(true);
    expect(inQuietHours(new Date(ny(1, 8)), DEFAULT_QUIET_HOURS, NY)).toBe(false);
    expect(inQuietHours(new Date(ny(1, 20, 59)), DEFAULT_QUIET_HOURS, NY)).toBe(false);
    // 21:00 UTC is 13:00 in Los Angeles.
    expect(inQuietHours(new Date('2026-12-01T21:00:00Z'), DEFAULT_QUIET_HOURS, 'America/Los_Angeles')).toBe(
      false,
    );
  });
});

describe('planReminders', () => {
  it('plans one per offset, none before notBefore, and one where two land together', () => {
    const startsAt = new Date(ny(3, 15));
    const all = planReminders({
      startsAt,
      offsets: [2, 24],
      quiet: DEFAULT_QUIET_HOURS,
      timeZone: NY,
      notBefore: new Date(ny(1, 9)),
    });
    expect(all.map((p) => [p.offset_hours, p.send_at.toISOString()])).toEqual([
      [24, ny(2, 15)],
      [2, ny(3, 13)],
    ]);
    const late = planReminders({
      startsAt,
      offsets: [24, 2],
      quiet: DEFAULT_QUIET_HOURS,
      timeZone: NY,
      notBefore: new Date(ny(3, 9)),
    });
    expect(late.map((p) => p.offset_hours)).toEqual([2]);
    // 8:15: the 2 h and 1 h reminders both fall back to the evening before: one text.
    const early = planReminders({
      startsAt: new Date(ny(3, 8, 15)),
      offsets: [2, 1],
      quiet: DEFAULT_QUIET_HOURS,
      timeZone: NY,
      notBefore: new Date(ny(1, 9)),
    });
    expect(early.map((p) => [p.offset_hours, p.send_at.toISOString()])).toEqual([[2, ny(2, 20, 30)]]);
  });
});

describe('reminder settings (item 6: bounded, allowed values only)', () => {
  const valid = { enabled: true, offsets_hours: [2, 24], quiet_start_hour: 21, quiet_end_hour: 8 };

  it('accepts the offered choices and sorts the offsets', () => {
    const parsed = reminderSettingsSchema.parse({ ...valid, note: '  Please arrive early. ' });
    expect(parsed.offsets_hours).toEqual([24, 2]);
    expect(parsed.note).toBe('Please arrive early.');
  });

  it.each([
    ['an offset not offered', { offsets_hours: [3] }],
    ['three offsets', { offsets_hours: [48, 24, 2] }],
    ['no offset', { offsets_hours: [] }],
    ['a repeated offset', { offsets_hours: [2, 2] }],
    ['quiet hours narrower than 21:00', { quiet_start_hour: 22 }],
    ['quiet hours ending before 8:00', { quiet_end_hour: 7 }],
    ['a fractional hour', { quiet_end_hour: 8.5 }],
    ['a link', { note: 'See www.example.com first' }],
    ['a bare domain link', { note: 'Book at bella.com' }],
    ['a placeholder', { note: 'Hi {name}!' }],
    ['a reply request', { note: 'Reply STOP to opt out' }],
    ['a too-long note', { note: 'x'.repeat(121) }],
    ['an unknown field', { template: 'x' }],
  ])('refuses %s', (_name, change) => {
    expect(reminderSettingsSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
