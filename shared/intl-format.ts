/** Enough for every zone and style the app formats in; a full cache starts over rather than growing. */
const MAX_CACHED_FORMATS = 200;
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An en-US `Intl.DateTimeFormat` for these options, built once and reused. Building one resolves the locale
 * and the zone's data and costs far more than formatting with it: the dashboard's upcoming appointments and
 * call log built one per label, and the receptionist one per spoken time.
 */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= MAX_CACHED_FORMATS) formats.clear();
    format = new Intl.DateTimeFormat('en-US', options);
    formats.set(key, format);
  }
  return format;
}
