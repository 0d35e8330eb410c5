import { describe, expect, it } from 'vitest';
import { resolveWhen, parseTimeOfDay } from './date-phrases';
import { zonedInstant, zonedParts, spokenTime } from './business-time';
import { SPANISH_PHRASES } from './date-phrases-es';
import { spokenTimeEs } from './spoken-time-es';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
/** Monday 2026-11-23 10:00 in New York. */
const mondayMorning = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, NY);

/** The Monday 10 AM above, and the days around this year's and next year's DST transitions in New York. */
const fallBackNight = new Date('2026-11-01T05:30:00Z'); // 1:30 AM EDT, Sunday Nov 1: the hour repeats.
const springForwardNight = new Date('2027-03-14T06:30:00Z'); // 1:30 AM EST, Sunday Mar 14: 2 AM is skipped.

/**
 * Every English phrase beside its Spanish mirror (docs/decisions/174-spanish.md): same clock, same zone,
 * same answer, so the two languages follow one set of rules.
 */
describe('resolveWhen: caller phrases resolved by code in the business time zone, English and Spanish', () => {
  const cases: Array<[string, string, Date, string, object | undefined]> = [
    [
      'tomorrow afternoon',
      'mañana por la tarde',
      mondayMorning,
      NY,
      { from: d(2026, 11, 24), to: d(2026, 11, 24), part: 'afternoon' },
    ],
    [
      'next Tuesday at 3',
      'el próximo martes a las 3',
      mondayMorning,
      NY,
      { from: d(2026, 11, 24), to: d(2026, 11, 24), time: 900 },
    ],
    ['next Monday', 'el lunes que viene', mondayMorning, NY, { from: d(2026, 11, 30), to: d(2026, 11, 30) }],
    [
      'Monday at 4pm',
      'el lunes a las 4 de la tarde',
      mondayMorning,
      NY,
      { from: d(2026, 11, 23), to: d(2026, 11, 23), time: 960 },
    ],
    [
      'this Friday morning',
      'este viernes por la mañana',
      mondayMorning,
      NY,
      { from: d(2026, 11, 27), to: d(2026, 11, 27), part: 'morning' },
    ],
    ['the 5th', 'el 5', mondayMorning, NY, { from: d(2026, 12, 5), to: d(2026, 12, 5) }],
    [
      'on the 30th at 10:30am',
      'el 30 a las 10 y media de la mañana',
      mondayMorning,
      NY,
      { from: d(2026, 11, 30), to: d(2026, 11, 30), time: 630 },
    ],
    [
      'December 31st at noon',
      'el 31 de diciembre al mediodía',
      mondayMorning,
      NY,
      { from: d(2026, 12, 31), to: d(2026, 12, 31), time: 720 },
    ],
    ['Jan 2', '2 de enero', mondayMorning, NY, { from: d(2027, 1, 2), to: d(2027, 1, 2) }],
    [
      'today at 9',
      'hoy a las 9',
      mondayMorning,
      NY,
      { from: d(2026, 11, 23), to: d(2026, 11, 23), time: 540 },
    ],
    [
      'day after tomorrow',
      'pasado mañana',
      mondayMorning,
      NY,
      { from: d(2026, 11, 25), to: d(2026, 11, 25) },
    ],
    ['next week', 'la próxima semana', mondayMorning, NY, { from: d(2026, 11, 30), to: d(2026, 12, 6) }],
    ['what are your hours', '¿cuál es su horario?', mondayMorning, NY, undefined],
    // 06:00 UTC Tuesday is still Monday night in Los Angeles: "tomorrow" is Tuesday there.
    [
      'tomorrow',
      'mañana',
      new Date('2026-11-24T06:00:00Z'),
      LA,
      { from: d(2026, 11, 24), to: d(2026, 11, 24) },
    ],
    [
      'tomorrow',
      'mañana',
      new Date('2026-11-24T06:00:00Z'),
      NY,
      { from: d(2026, 11, 25), to: d(2026, 11, 25) },
    ],
    // "the 31st" in a 30-day month moves to the next month that has one.
    [
      'the 31st',
      'el 31',
      zonedInstant({ year: 2026, month: 11, day: 2, hour: 9, minute: 0 }, NY),
      NY,
      { from: d(2026, 12, 31), to: d(2026, 12, 31) },
    ],
    // A day of this month already past means next month's.
    [
      'the 5th',
      'el 5',
      zonedInstant({ year: 2026, month: 11, day: 6, hour: 9, minute: 0 }, NY),
      NY,
      { from: d(2026, 12, 5), to: d(2026, 12, 5) },
    ],
    // The night of a DST change is still that Sunday in New York, on both sides of the repeated/skipped hour.
    [
      'tomorrow at 9',
      'mañana a las 9',
      fallBackNight,
      NY,
      { from: d(2026, 11, 2), to: d(2026, 11, 2), time: 540 },
    ],
    [
      'tomorrow at 9',
      'mañana a las 9',
      springForwardNight,
      NY,
      { from: d(2027, 3, 15), to: d(2027, 3, 15), time: 540 },
    ],
    // Month-end: "tomorrow" on the 30th of November is December 1st; "the 1st" is next month's.
    [
      'tomorrow',
      'mañana',
      zonedInstant({ year: 2026, month: 11, day: 30, hour: 9, minute: 0 }, NY),
      NY,
      { from: d(2026, 12, 1), to: d(2026, 12, 1) },
    ],
    [
      'the 1st',
      'el primero',
      zonedInstant({ year: 2026, month: 11, day: 30, hour: 9, minute: 0 }, NY),
      NY,
      { from: d(2026, 12, 1), to: d(2026, 12, 1) },
    ],
  ];
  it.each(cases)('%s / %s', (english, spanish, now, zone, expected) => {
    expect(resolveWhen(english, now, zone)).toEqual(expected);
    expect(resolveWhen(spanish, now, zone)).toEqual(expected);
  });

  const times: Array<[string, string, number | undefined]> = [
    ['at 3', 'a las 3', 900],
    ['at 9', 'a las 9', 540],
    ['3:30 pm', 'a las 3:30 pm', 930],
    ['12am', '12am', 0],
    ['15:00', '15:00', 900],
    ['no time here', 'sin hora', undefined],
  ];
  it.each(times)(
    'reads bare hours as business hours and honours am/pm: %s / %s',
    (english, spanish, minutes) => {
      expect(parseTimeOfDay(english)).toBe(minutes);
      expect(SPANISH_PHRASES.time(SPANISH_PHRASES.normalise!(spanish))).toBe(minutes);
    },
  );
});

describe('resolveWhen: Spanish ways of saying it', () => {
  it.each([
    ['mañana a las 10', { from: d(2026, 11, 24), to: d(2026, 11, 24), time: 600 }],
    ['el próximo martes por la tarde', { from: d(2026, 11, 24), to: d(2026, 11, 24), part: 'afternoon' }],
    ['el proximo miercoles', { from: d(2026, 11, 25), to: d(2026, 11, 25) }],
    ['el miércoles a la 1 y media', { from: d(2026, 11, 25), to: d(2026, 11, 25), time: 810 }],
    ['el sabado a las 3 y cuarto', { from: d(2026, 11, 28), to: d(2026, 11, 28), time: 915 }],
    ['el domingo a las 11 menos cuarto', { from: d(2026, 11, 29), to: d(2026, 11, 29), time: 645 }],
    ['esta tarde', { from: d(2026, 11, 23), to: d(2026, 11, 23), part: 'afternoon' }],
    ['esta noche a las 8', { from: d(2026, 11, 23), to: d(2026, 11, 23), time: 1200 }],
    ['mañana por la mañana', { from: d(2026, 11, 24), to: d(2026, 11, 24), part: 'morning' }],
    ['hoy al mediodía', { from: d(2026, 11, 23), to: d(2026, 11, 23), time: 720 }],
    ['el día 5 a las 10', { from: d(2026, 12, 5), to: d(2026, 12, 5), time: 600 }],
    ['la semana que viene', { from: d(2026, 11, 30), to: d(2026, 12, 6) }],
    ['esta semana', { from: d(2026, 11, 23), to: d(2026, 11, 29) }],
    ['a las 12 de la noche', { from: d(2026, 11, 23), to: d(2026, 11, 29), time: 0 }],
  ])('%s', (text, expected) => {
    expect(resolveWhen(text, mondayMorning, NY)).toEqual(expected);
  });

  it('reads the phrase in the language it is told, whatever the words look like', () => {
    expect(resolveWhen('mañana', mondayMorning, NY, 'en')).toBeUndefined();
    expect(resolveWhen('el 5', mondayMorning, NY, 'es')).toEqual({
      from: d(2026, 12, 5),
      to: d(2026, 12, 5),
    });
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

describe('spokenTimeEs: a time as a Spanish-speaking receptionist says it', () => {
  it.each([
    ['2026-11-24T20:00:00Z', 'el martes 24 de noviembre a las 3:00 de la tarde'],
    ['2026-11-25T14:30:00Z', 'el miércoles 25 de noviembre a las 9:30 de la mañana'],
    ['2026-11-28T17:00:00Z', 'el sábado 28 de noviembre a las 12:00 del mediodía'],
    ['2026-11-27T18:00:00Z', 'el viernes 27 de noviembre a la 1:00 de la tarde'],
    ['2027-03-14T23:00:00Z', 'el domingo 14 de marzo a las 7:00 de la noche'],
  ])('%s', (iso, spoken) => {
    expect(spokenTimeEs(new Date(iso), NY)).toBe(spoken);
  });
});
