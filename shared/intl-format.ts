/** How a date is written, without the zone: a module-level constant, since the cache is keyed by the object. */
export type DateTimeStyle = Readonly<Omit<Intl.DateTimeFormatOptions, 'timeZone'>>;

/** Enough for every zone an app's owners are in; a full map starts over rather than growing. */
const MAX_ZONES_PER_STYLE = 200;
const formats = new WeakMap<DateTimeStyle, Map<string, Intl.DateTimeFormat>>();

/**
 * An en-US `Intl.DateTimeFormat` for this style in this zone, built once and reused. Building one resolves
 * the locale and the zone's data and costs far more than formatting with it (about 64 µs against 1 µs): the
 * dashboard's appointment labels and call log built one per label, the receptionist one per spoken time.
 * Looked up by the style object and the zone string, so the hot paths (`zonedParts` for every record an
 * analytics range reads) pay two map lookups.
 */
export function dateTimeFormat(style: DateTimeStyle, timeZone: string): Intl.DateTimeFormat {
  let byZone = formats.get(style);
  if (!byZone) formats.set(style, (byZone = new Map()));
  let format = byZone.get(timeZone);
  if (!format) {
    if (byZone.size >= MAX_ZONES_PER_STYLE) byZone.clear();
    format = new Intl.DateTimeFormat('en-US', { ...style, timeZone });
    byZone.set(timeZone, format);
  }
  return format;
}

/**
 * A whole number as en-US writes it, thousands grouped ("16,000"), without Intl: `toLocaleString` builds a
 * NumberFormat, and the first one in a process loads ICU's data (about 10 ms). Texts built at import (the
 * knowledge base's limits) paid that in every process's start-up, a caller's first ring included, which
 * needs no Intl at all (docs/decisions/186-cold-start.md).
 */
export const groupedDigits = (whole: number | string): string =>
  String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
