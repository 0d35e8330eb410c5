import { describe, expect, it } from 'vitest';
import { resolveWhen, parseTimeOfDay } from './date-phrases';
import { zonedInstant, zonedParts, spokenTime } from './business-time';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
/** Monday 2026-11-23 10:00 in New York. */
const mondayMorning = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, NY);

describe('resolveWhen: caller phrases resolved by code in the business time zone', () => {
  const cases: Array<[string, Date, string, object | undefined]> = [
    [
      'tomorrow afternoon',
      mondayMorning,
      NY,
      { from: d(2026, 11, 24), to: d(2026, 11, 24), part: 'afternoon' },
    ],
    ['next Tuesday at 3', mondayMorning, NY, { from: d(2026, 11, 24), to: d(2026, 11, 24), time: 900 }],
    ['next Monday', mondayMorning, NY, { from: d(2026, 11, 30), to: d(2026, 11, 30) }],
    ['Monday at 4pm', mondayMorning, NY, { from: d(2026, 11, 23), to: d(2026, 11, 23), time: 960 }],
    [
      'this Friday morning',
      mondayMorning,
      NY,
      { from: d(2026, 11, 27), to: d(2026, 11, 27), part: 'morning' },
    ],
    ['the 5th', mondayMorning, NY, { from: d(2026, 12, 5), to: d(2026, 12, 5) }],
    ['on the 30th at 10:30am', mondayMorning, NY, { from: d(2026, 11, 30), to: d(2026, 11, 30), time: 630 }],
    ['December 31st at noon', mondayMorning, NY, { from: d(2026, 12, 31), to: d(2026, 12, 31), time: 720 }],
    ['Jan 2', mondayMorning, NY, { from: d(2027, 1, 2), to: d(2027, 1, 2) }],
    ['today at 9', mondayMorning, NY, { from: d(2026, 11, 23), to: d(2026, 11, 23), time: 540 }],
    ['day after tomorrow', mondayMorning, NY, { from: d(2026, 11, 25), to: d(2026, 11, 25) }],
    ['next week', mondayMorning, NY, { from: d(2026, 11, 30), to: d(2026, 12, 6) }],
    ['what are your hours', mondayMorning, NY, undefined],
    // 06:00 UTC Tuesday is still Monday night in Los Angeles: "tomorrow" is Tuesday there.
    ['tomorrow', new Date('2026-11-24T06:00:00Z'), LA, { from: d(2026, 11, 24), to: d(2026, 11, 24) }],
    ['tomorrow', new Date('2026-11-24T06:00:00Z'), NY, { from: d(2026, 11, 25), to: d(2026, 11, 25) }],
    // "the 31st" in a 30-day month moves to the next month that has one.
    [
      'the 31st',
      zonedInstant({ year: 2026, month: 11, day: 2, hour: 9, minute: 0 }, NY),
      NY,
      { from: d(2026, 12, 31), to: d(2026, 12, 31) },
    ],
    // A day of this month already past means next month's.
    [
      'the 5th',
      zonedInstant({ year: 2026, month: 11, day: 6, hour: 9, minute: 0 }, NY),
      NY,
      { from: d(2026, 12, 5), to: d(2026, 12, 5) },
    ],
  ];
  it.each(cases)('%s', (text, now, zone, expected) => {
    expect(resolveWhen(text, now, zone)).toEqual(expected);
  });

  it('reads bare hours as business hours and honours am/pm', () => {
    expect(parseTimeOfDay('at 3')).toBe(900);
    expect(parseTimeOfDay('at 9')).toBe(540);
    expect(parseTimeOfDay('3:30 pm')).toBe(930);
    expect(parseTimeOfDay('12am')).toBe(0);
    expect(parseTimeOfDay('15:00')).toBe(900);
    expect(parseTimeOfDay('no time here')).toBeUndefined();
  });
});

describe('zonedInstant across DST', () => {
  it('resolves a time skipped by spring-forward past the gap', () => {
    const instant = zonedInstant({ year: 2027, month: 3, day: 14, hour: 2, minute: 30 }, NY);
    expect(instant.toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(zonedParts(instant, NY)).toMatchObject({ hour: 3, minute: 30 });
  });
  it('resolves a repeated fall-back time to its first occurrence', () => {
    const instant = zonedInstant({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NY);
    expect(instant.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
  it('keeps wall-clock 9 AM on both sides of a transition', () => {
    expect(zonedInstant({ year: 2027, month: 3, day: 13, hour: 9, minute: 0 }, NY).toISOString()).toBe(
      '2027-03-13T14:00:00.000Z',
    );
    expect(zonedInstant({ year: 2027, month: 3, day: 15, hour: 9, minute: 0 }, NY).toISOString()).toBe(
      '2027-03-15T13:00:00.000Z',
    );
  });
  it('says a time as a receptionist would', () => {
    expect(spokenTime(new Date('2026-11-24T20:00:00Z'), NY)).toBe('Tuesday, November 24 at 3:00 PM');
  });
});

function d(year: number, month: number, day: number) {
  return { year, month, day };
}
