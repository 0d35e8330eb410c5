import { describe, expect, it } from 'vitest';
import { zonedInstant, zonedParts } from './business-time';
import { resolveWhen } from './date-phrases';
import { parseWeeklyHours } from './opening-hours';
import { findOpenSlots } from './slots';

const NY = 'America/New_York';
const hours = parseWeeklyHours([
  'Monday: 9:00 AM – 5:00 PM',
  'Tuesday: 9:00 AM – 12:00 PM, 1:00 – 5:00 PM',
  'Wednesday: 9:00 AM – 5:00 PM',
  'Thursday: 9:00 AM – 5:00 PM',
  'Friday: 9:00 AM – 5:00 PM',
  'Saturday: 10:00 AM – 2:00 PM',
  'Sunday: Closed',
])!;
const at = (day: number, hour: number, minute = 0, month = 11, year = 2026) =>
  zonedInstant({ year, month, day, hour, minute }, NY);
const clock = (date: Date) => {
  const p = zonedParts(date, NY);
  return `${p.month}/${p.day} ${p.hour}:${String(p.minute).padStart(2, '0')}`;
};
const now = at(23, 10); // Monday 10:00

const search = (text: string, busy: Array<{ start: Date; end: Date }> = [], when = now) =>
  findOpenSlots({ when: resolveWhen(text, when, NY), now: when, timeZone: NY, hours, busy });

describe('parseWeeklyHours', () => {
  it('reads ranges, split days, closed days and 24 hours', () => {
    expect(hours[1]).toEqual([
      { start: 540, end: 720 },
      { start: 780, end: 1020 },
    ]);
    expect(hours[6]).toEqual([]);
    expect(parseWeeklyHours(['Monday: Open 24 hours'])![0]).toEqual([{ start: 0, end: 1440 }]);
    expect(parseWeeklyHours(['whenever'])).toBeUndefined();
  });
});

describe('findOpenSlots', () => {
  it('gives the exact time when it is free', () => {
    expect(clock(search('tomorrow at 3').exact!)).toBe('11/24 15:00');
  });
  it('offers the nearest alternatives when the asked time is taken', () => {
    const busy = [{ start: at(24, 15), end: at(24, 15, 30) }];
    const answer = search('tomorrow at 3', busy);
    expect(answer.exact).toBeUndefined();
    expect(answer.slots.map(clock)).toEqual(['11/24 14:00', '11/24 14:30', '11/24 15:30']);
  });
  it('keeps to the part of the day and skips the lunch break', () => {
    const slots = search('tomorrow afternoon').slots.map(clock);
    expect(slots).toEqual(['11/24 13:00', '11/24 14:00', '11/24 15:00']);
  });
  it('never offers a past time or one inside the booking lead', () => {
    const slots = search('today').slots.map(clock);
    expect(slots[0]).toBe('11/23 10:30');
  });
  it('says a closed day is closed and offers the next open times', () => {
    const answer = search('Sunday');
    expect(answer.problem).toBe('closed');
    expect(clock(answer.slots[0]!)).toBe('11/30 9:00');
  });
  it('refuses a time outside opening hours', () => {
    const answer = search('tomorrow at 7pm');
    expect(answer.exact).toBeUndefined();
    expect(answer.slots.length).toBeGreaterThan(0);
  });
  it('keeps the grid on a DST day (Sunday 2026-11-01 fall back, open all day)', () => {
    const allDay = parseWeeklyHours(['Sunday: Open 24 hours'])!;
    const answer = findOpenSlots({
      when: resolveWhen('today at 1:30am', at(1, 0, 0), NY),
      now: new Date('2026-11-01T04:00:00Z'),
      timeZone: NY,
      hours: allDay,
      busy: [],
    });
    expect(answer.exact?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});
