import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './intl-format';

describe('dateTimeFormat', () => {
  it('builds one format per set of options and reuses it', () => {
    const first = dateTimeFormat({ hour: 'numeric', minute: '2-digit', timeZone: 'America/Chicago' });
    expect(dateTimeFormat({ hour: 'numeric', minute: '2-digit', timeZone: 'America/Chicago' })).toBe(first);
    expect(dateTimeFormat({ hour: 'numeric', minute: '2-digit', timeZone: 'America/Denver' })).not.toBe(
      first,
    );
  });

  it('formats in en-US with the options given', () => {
    const noon = new Date('2026-11-26T18:00:00Z');
    const chicago = dateTimeFormat({ hour: 'numeric', minute: '2-digit', timeZone: 'America/Chicago' });
    expect(chicago.format(noon).replace(/\u202f/g, ' ')).toBe('12:00 PM');
    const day = dateTimeFormat({ weekday: 'long', month: 'long', day: 'numeric', timeZone: 'Asia/Tokyo' });
    expect(day.format(noon)).toBe('Friday, November 27');
  });
});
