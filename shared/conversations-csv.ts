import { zonedParts } from './receptionist/business-time';
import {
  CHANNEL_LABELS,
  OUTCOME_LABELS,
  conversationSummary,
  durationSeconds,
  languageLabel,
} from './call-log';
import type { Conversation } from './schemas/conversation';

const pad = (value: number) => String(value).padStart(2, '0');

/** "2026-11-22 15:04" on the business's clock: what a spreadsheet sorts and reads without a zone. */
export function localStamp(iso: string, timeZone: string): string {
  const p = zonedParts(new Date(iso), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * One CSV cell. Text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe — caller words and summaries are untrusted — except plain numbers such as "+14155550100".
 */
export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The conversations of a range as CSV (RFC 4180, CRLF), oldest first, times on the business's clock. Columns
 * added later (Language) go last, so a spreadsheet that reads the earlier ones by position keeps working.
 */
export function conversationsCsv(conversations: readonly Conversation[], timeZone: string): string {
  const header = [
    `Started (${timeZone})`,
    `Ended (${timeZone})`,
    'Channel',
    'Caller',
    'Duration (s)',
    'Outcome',
    'Revenue (USD)',
    'Transferred',
    'Summary',
    'Language',
    'Service',
    'Staff',
  ];
  const rows = [...conversations]
    .sort((a, b) => a.started_at.localeCompare(b.started_at))
    .map((c) => [
      localStamp(c.started_at, timeZone),
      localStamp(c.ended_at, timeZone),
      CHANNEL_LABELS[c.channel],
      c.caller,
      durationSeconds(c.started_at, c.ended_at),
      c.outcome ? OUTCOME_LABELS[c.outcome] : '',
      (c.amount_collected_cents / 100).toFixed(2),
      c.escalated ? 'yes' : 'no',
      c.summary ?? conversationSummary(c),
      languageLabel(c.language),
      c.booked_service ?? '',
      c.booked_staff ?? '',
    ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
