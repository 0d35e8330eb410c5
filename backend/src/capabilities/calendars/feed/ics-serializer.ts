/**
 * A minimal RFC 5545 (iCalendar) writer for the Business Calendar's subscription feed. Pure: the route gives
 * it events and the generation time. What it guarantees, because calendar apps are strict about it:
 * CRLF line ends, content lines folded at 75 octets (never inside a UTF-8 character), TEXT values escaped
 * (backslash, semicolon, comma, newline) and all times in UTC ('Z' form), so no VTIMEZONE is needed.
 */

export type IcsEvent = {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  status: 'CONFIRMED' | 'CANCELLED';
  /** Bumped when the event changes (a cancellation), so subscribers replace their copy. */
  sequence: number;
  /** Also the DTSTAMP: a stable stamp keeps an unchanged feed byte-identical, so its ETag holds. */
  lastModified: Date;
};

export type IcsCalendar = {
  productId: string;
  name: string;
  /** How often subscribers should re-fetch (RFC 7986 REFRESH-INTERVAL and the common X-PUBLISHED-TTL). */
  refreshMinutes: number;
  events: readonly IcsEvent[];
};

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT escaping (RFC 5545 §3.3.11); other control characters are dropped, they are not allowed in TEXT. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n')
    .split('')
    .filter((c) => !isControl(c))
    .join('');
}

/** Control characters other than tab (newlines are escaped before this runs). */
const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return (code < 0x20 && code !== 0x09) || code === 0x7f;
};

/**
 * Folds one content line (RFC 5545 §3.1): at most 75 octets per physical line, continuation lines start with
 * one space (which counts towards their 75). Splits only between characters, so UTF-8 stays valid.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** UTC date-time form: 20261124T150000Z. */
export const icsDateTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function eventLines(event: IcsEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icsDateTime(event.lastModified)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    `STATUS:${event.status}`,
    `SEQUENCE:${event.sequence}`,
    `LAST-MODIFIED:${icsDateTime(event.lastModified)}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

export function serializeCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`,
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
