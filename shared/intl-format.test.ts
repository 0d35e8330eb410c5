import { describe, expect, it } from 'vitest';
import { dateTimeFormat, groupedDigits, type DateTimeStyle } from './intl-format';

const CLOCK: DateTimeStyle = { hour: 'numeric', minute: '2-digit' };
const DAY: DateTimeStyle = { weekday: 'long', month: 'long', day: 'numeric' };

describe('dateTimeFormat', () => {
  it('builds one format per style and zone and reuses it', () => {
    const first = dateTimeFormat(CLOCK, 'America/Chicago');
    expect(dateTimeFormat(CLOCK, 'America/Chicago')).toBe(first);
    expect(dateTimeFormat(CLOCK, 'America/Denver')).not.toBe(first);
    expect(dateTimeFormat(DAY, 'America/Chicago')).not.toBe(first);
  });

  it('formats in en-US with the style, in the zone given', () => {
    const noon = new Date('2026-11-26T18:00:00Z');
    expect(
      dateTimeFormat(CLOCK, 'America/Chicago')
        .format(noon)
        .replace(/\u202f/g, ' '),
    ).toBe('12:00 PM');
    expect(dateTimeFormat(DAY, 'Asia/Tokyo').format(noon)).toBe('Friday, November 27');
  });

  it('refuses an unknown zone, as Intl does, and caches nothing for it', () => {
    expect(() => dateTimeFormat(CLOCK, 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => dateTimeFormat(CLOCK, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('groupedDigits', () => {
  it('writes a whole number as en-US does, thousands grouped', () => {
    for (const value of [0, 7, 999, 1000, 16_000, 20_000, 123_456, 1_234_567, 10_000_000])
      expect(groupedDigits(value)).toBe(value.toLocaleString('en-US'));
    expect(groupedDigits('14380')).toBe('14,380');
  });
});
