import { addDays, type LocalDate } from './business-time';
import { withoutAccents } from '../language';
import {
  monthDay,
  nextMonthWithDay,
  nextWeek,
  thisWeek,
  weekdayFrom,
  type DayPart,
  type PhraseReader,
} from './date-phrase-calendar';

/**
 * Spanish date phrases ("mañana a las 10", "el próximo martes por la tarde", "pasado mañana", "el 5"), read
 * with the English rules (date-phrases.ts, docs/decisions/174-spanish.md): "el martes" is the next Tuesday on
 * or after today, "el próximo martes" / "el martes que viene" the next one after today; "el 5" is this
 * month's or the next month that has it; a bare hour is business hours (1–6 afternoon). Text arrives
 * lower-cased and without accents, so "miércoles" and "miercoles", "mañana" and "manana" read alike.
 * "mañana" alone is tomorrow; "la mañana" / "esta mañana" is the morning. Numeric dates are month/day, as
 * in English, because the businesses are in the US.
 */
/** Monday first, as WEEKDAY_NAMES; without accents, as the text is compared. */
export const SPANISH_WEEKDAYS = ['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo'];
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const MONTH_PATTERN = MONTHS.map((m) => `${m.slice(0, 3)}(?:${m.slice(3)})?\\.?`).join('|');
/** "el 1ro", "el 5to", "el 5º". */
const ORDINAL = '(\\d{1,2})(?:ro|do|to|vo|no|mo|°|º)?';
/** The morning, as opposed to "mañana" (tomorrow). */
const MORNING = /\b(?:la|esta) manana\b/g;

const oneDay = (day: LocalDate) => ({ from: day, to: day });

function parseDay(text: string, today: LocalDate): { from: LocalDate; to: LocalDate } | undefined {
  const spoken = text.replace(/\b(el|dia|del) primero\b/g, '$1 1').replace(/\bprimero de\b/g, '1 de');
  if (/\bpasado manana\b/.test(spoken)) return oneDay(addDays(today, 2));
  if (/\b(hoy|esta noche|esta manana|esta tarde)\b/.test(spoken)) return oneDay(today);
  if (/\bmanana\b/.test(spoken.replace(MORNING, ''))) return oneDay(addDays(today, 1));
  const weekday = new RegExp(
    `\\b(?:(proximo|este|el|para el) )?(${SPANISH_WEEKDAYS.join('|')})s?\\b( que viene| proximo)?`,
  ).exec(spoken);
  if (weekday) {
    const strict = weekday[1] === 'proximo' || Boolean(weekday[3]);
    return oneDay(weekdayFrom(today, SPANISH_WEEKDAYS.indexOf(weekday[2]!), strict));
  }
  const named =
    new RegExp(`\\b${ORDINAL}\\s+de\\s+(${MONTH_PATTERN})`).exec(spoken) ??
    new RegExp(`\\b(${MONTH_PATTERN})\\s+${ORDINAL}\\b`).exec(spoken);
  if (named) {
    const [monthText, dayText] = /^\d/.test(named[1]!) ? [named[2]!, named[1]!] : [named[1]!, named[2]!];
    const month = MONTHS.findIndex((m) => m.startsWith(monthText.slice(0, 3))) + 1;
    const day = monthDay(today, month, Number(dayText));
    return day && oneDay(day);
  }
  const numeric = /\b(\d{1,2})\/(\d{1,2})\b/.exec(spoken);
  if (numeric) {
    const day = monthDay(today, Number(numeric[1]), Number(numeric[2]));
    return day && oneDay(day);
  }
  const ordinal = new RegExp(`\\b(?:el|dia) ${ORDINAL}\\b(?!\\s*:)`).exec(spoken);
  if (ordinal) {
    const day = nextMonthWithDay(today, Number(ordinal[1]));
    return day && oneDay(day);
  }
  if (/\b(proxima semana|semana que viene|semana proxima)\b/.test(spoken)) return nextWeek(today);
  if (/\besta semana\b/.test(spoken)) return thisWeek(today);
  return undefined;
}

const QUARTERS: Record<string, number> = { ' y media': 30, ' y cuarto': 15, ' menos cuarto': -15 };

/** Minutes after midnight of a named time ("a las 3 y media", "a la 1", "10am", "mediodía"), or undefined. */
function parseTimeOfDay(text: string): number | undefined {
  if (/\bmediodia\b/.test(text)) return 720;
  if (/\bmedianoche\b/.test(text)) return 0;
  const match =
    /\blas? (\d{1,2})(?::(\d{2}))?( y media| y cuarto| menos cuarto)?(?: en punto)?\s*(a\.?\s?m\.?|p\.?\s?m\.?|de la (?:manana|madrugada|tarde|noche))?(?![\d/])/.exec(
      text,
    ) ??
    /\b(\d{1,2})(?::(\d{2}))?()\s*(a\.?\s?m\.?|p\.?\s?m\.?)(?!\w)/.exec(text) ??
    /\b(\d{1,2}):(\d{2})\b()()/.exec(text);
  if (!match) return undefined;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  if (hour > 23 || minute > 59) return undefined;
  const meridiem = match[4] ?? '';
  const pm = /^p|tarde|noche/.test(meridiem);
  if (pm && hour < 12) hour += 12;
  else if (/^a|manana|madrugada/.test(meridiem) && hour === 12) hour = 0;
  else if (meridiem === 'de la noche' && hour === 12) hour = 0;
  else if (!meridiem && hour >= 1 && hour <= 6) hour += 12;
  else if (!meridiem && /\b(?:la|esta) noche\b/.test(text) && hour < 12) hour += 12;
  return (hour * 60 + minute + (QUARTERS[match[3] ?? ''] ?? 0) + 1440) % 1440;
}

function parsePart(text: string): DayPart | undefined {
  if (/\b(?:la|esta) manana\b/.test(text)) return 'morning';
  if (/\b(?:la|esta) tarde\b/.test(text)) return 'afternoon';
  if (/\b(?:la|esta) noche\b|\bdespues del trabajo\b|\bsaliendo del trabajo\b/.test(text)) return 'evening';
  return undefined;
}

export const SPANISH_PHRASES: PhraseReader = {
  normalise: (text) => withoutAccents(text.toLowerCase()),
  day: parseDay,
  time: parseTimeOfDay,
  part: parsePart,
};
