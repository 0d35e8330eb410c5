import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsDateTime, serializeCalendar, type IcsEvent } from './ics-serializer';
import { appointmentEvent } from './feed-events';
import type { Appointment } from '@shared/schemas/appointment';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');
/** Undoes folding (RFC 5545 §3.1): a CRLF followed by one space joins the lines. */
const unfold = (text: string) => text.replace(/\r\n /g, '');

const event = (overrides: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: 'a1@ringly.example',
  start: new Date('2026-11-24T15:00:00.000Z'),
  end: new Date('2026-11-24T15:30:00.000Z'),
  summary: 'Haircut with Ana',
  status: 'CONFIRMED',
  sequence: 0,
  lastModified: new Date('2026-11-23T10:00:00.000Z'),
  ...overrides,
});

describe('iCalendar serializer', () => {
  it('escapes backslash, semicolon, comma and newlines in TEXT values', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(escapeText('bell\u0007tab\there')).toBe('belltab\there');
  });

  it('folds lines at 75 octets with CRLF + space, never inside a UTF-8 character', () => {
    const ascii = `SUMMARY:${'x'.repeat(200)}`;
    const folded = foldLine(ascii).split('\r\n');
    expect(folded.length).toBe(3);
    expect(octets(folded[0]!)).toBe(75);
    expect(folded.slice(1).every((l) => l.startsWith(' ') && octets(l) <= 75)).toBe(true);
    expect(unfold(foldLine(ascii))).toBe(ascii);

    const accents = `SUMMARY:${'é'.repeat(100)}`; // 2 octets each
    const lines = foldLine(accents).split('\r\n');
    expect(lines.every((l) => octets(l) <= 75)).toBe(true);
    expect(lines.every((l) => !l.includes('\uFFFD'))).toBe(true);
    expect(unfold(lines.join('\r\n'))).toBe(accents);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('writes a VCALENDAR with CRLF line ends, UTC times and the required VEVENT properties', () => {
    const text = serializeCalendar({
      productId: '-//Ringly//Business Calendar//EN',
      name: 'Salon; Spa, Inc',
      refreshMinutes: 15,
      events: [event({ summary: `${'Long '.repeat(30)}end` })],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.every((l) => octets(l) <= 75)).toBe(true);
    const props = unfold(text).split('\r\n');
    expect(props[0]).toBe('BEGIN:VCALENDAR');
    expect(props.at(-2)).toBe('END:VCALENDAR');
    expect(props).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        'PRODID:-//Ringly//Business Calendar//EN',
        'X-WR-CALNAME:Salon\\; Spa\\, Inc',
        'BEGIN:VEVENT',
        'UID:a1@ringly.example',
        'DTSTAMP:20261123T100000Z',
        'DTSTART:20261124T150000Z',
        'DTEND:20261124T153000Z',
        `SUMMARY:${'Long '.repeat(30)}end`,
        'STATUS:CONFIRMED',
        'END:VEVENT',
      ]),
    );
    expect(icsDateTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });

  it('writes an empty calendar when there are no bookings', () => {
    const text = serializeCalendar({ productId: 'p', name: 'n', refreshMinutes: 15, events: [] });
    expect(text).not.toContain('BEGIN:VEVENT');
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
  });
});

describe('feed events: what a booking shows', () => {
  const appointment: Appointment = {
    id: '20261124T150000Z-0a1b2c3d',
    owner_id: 'owner',
    starts_at: '2026-11-24T15:00:00.000Z',
    ends_at: '2026-11-24T15:30:00.000Z',
    status: 'booked',
    customer_name: 'Ana María Pérez',
    customer_phone: '+14155550123',
    service: 'Haircut',
    conversation_id: 'c1',
    channel: 'sms',
    deposit: null,
    created_at: '2026-11-23T10:00:00.000Z',
    cancelled_at: null,
  };

  it("shows the service and the caller's first name, never their phone or full name", () => {
    const shown = appointmentEvent(appointment, 'ringly.example');
    expect(shown.summary).toBe('Haircut with Ana');
    expect(shown.uid).toBe('20261124T150000Z-0a1b2c3d@ringly.example');
    expect(JSON.stringify(shown)).not.toMatch(/4155550123|Pérez/);
  });

  it('marks a cancelled booking CANCELLED with a higher sequence', () => {
    const shown = appointmentEvent(
      { ...appointment, status: 'cancelled', cancelled_at: '2026-11-23T12:00:00.000Z', service: null },
      'ringly.example',
    );
    expect(shown).toMatchObject({
      status: 'CANCELLED',
      sequence: 1,
      summary: 'Cancelled: Appointment with Ana',
    });
    expect(shown.lastModified.toISOString()).toBe('2026-11-23T12:00:00.000Z');
  });
});
