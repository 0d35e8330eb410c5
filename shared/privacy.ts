import type { RetentionDays } from './privacy-retention';
import type { EraseCallerResponse } from './schemas/privacy';

/**
 * Issue 13 §5: how long conversation records (transcripts included) are kept, and erasing one caller.
 * Expired records are removed by DynamoDB's TTL, so the period is a promise kept without a sweeper.
 */
export const PRIVACY_TEXTS = {
  title: 'Privacy',
  retentionLabel: 'Keep conversations and transcripts for',
  retentionHint:
    'Older conversations, transcripts included, are deleted automatically. Shortening the period applies to conversations already stored.',
  retentionChoice: (days: RetentionDays) => (days === 365 ? '1 year' : `${days} days`),
  retentionSaved: (days: RetentionDays) =>
    `Saved. Conversations are kept for ${days === 365 ? '1 year' : `${days} days`}.`,
  eraseLabel: 'Erase everything about a caller',
  eraseHint:
    'Deletes their conversations, transcripts, call recordings, appointments and messages. Their STOP opt-out is kept so they are never texted again.',
  eraseButton: 'Erase caller',
  eraseConfirm: (phone: string) =>
    `Erase everything about ${phone}? This deletes their conversations, call recordings, appointments and messages and cannot be undone.`,
  erased: (r: EraseCallerResponse['erased']) =>
    `Erased ${r.conversations} conversation${r.conversations === 1 ? '' : 's'}, ${r.recordings > 0 ? `${r.recordings} call recording${r.recordings === 1 ? '' : 's'}, ` : ''}${r.appointments} appointment${r.appointments === 1 ? '' : 's'} and ${r.messages} message${r.messages === 1 ? '' : 's'}.`,
  failed: 'Failed to save. Please try again.',
  eraseFailed:
    'The call recordings could not all be deleted at the phone provider, and nothing else was erased yet. Please try again.',
} as const;

/** Epoch seconds at which a record started at `startedAtIso` expires under a retention period. */
export const retentionExpiry = (startedAtIso: string, days: number) =>
  Math.floor(Date.parse(startedAtIso) / 1000) + days * 86_400;
