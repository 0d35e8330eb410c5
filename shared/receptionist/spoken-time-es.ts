import { spokenTime, zonedParts } from './business-time';
import type { Language } from '../language';

/**
 * "el martes 24 de noviembre a las 3:00 de la tarde": a time as a Spanish-speaking receptionist says it, in the
 * business's zone (the Spanish of spokenTime; docs/decisions/174-spanish.md). Built from zonedParts rather
 * than Intl's "es" locale so the words are the same on every runtime.
 */
const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
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

export function spokenTimeEs(instant: Date, timeZone: string): string {
  const { weekday, day, month, hour, minute } = zonedParts(instant, timeZone);
  const clock = hour % 12 || 12;
  // Said as people say it ("de la tarde"), which also keeps "p. m." from ending a sentence with "..".
  const meridiem =
    hour < 12 ? 'de la mañana' : hour === 12 ? 'del mediodía' : hour < 19 ? 'de la tarde' : 'de la noche';
  const at = clock === 1 ? 'a la' : 'a las';
  return `el ${WEEKDAYS[weekday]} ${day} de ${MONTHS[month - 1]} ${at} ${clock}:${String(minute).padStart(2, '0')} ${meridiem}`;
}

/** A time as said to a caller in their language (English when it is not known). */
export const spokenTimeIn = (language: Language | undefined, instant: Date, timeZone: string) =>
  language === 'es' ? spokenTimeEs(instant, timeZone) : spokenTime(instant, timeZone);
