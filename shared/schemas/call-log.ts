import { z } from 'zod';
import {
  CONVERSATION_CHANNELS,
  CONVERSATION_OUTCOMES,
  conversationActionSchema,
  transcriptTurnSchema,
  type Conversation,
  type ConversationChannel,
  type ConversationOutcome,
} from './conversation';

/**
 * The owner's call log (issue 13 §1): every conversation newest first, paged by key, filtered by outcome,
 * channel and time range, searchable by the caller's number.
 */
export const CALL_LOG_PAGE_SIZE = { default: 25, max: 50 } as const;
/** A cursor is an opaque base64url token; its decoded key is checked again on the server. */
const CURSOR_MAX_CHARS = 400;
export const CALL_LOG_SUMMARY_MAX_CHARS = 160;

export const callLogQuerySchema = z
  .object({
    channel: z.enum(CONVERSATION_CHANNELS).optional(),
    outcome: z.enum(CONVERSATION_OUTCOMES).optional(),
    /** Digits of the caller's number, any formatting: "(628) 555-01" finds +1628555010x. */
    phone: z
      .string()
      .max(30)
      .regex(/^[\d\s()+.-]*$/, 'Search by phone number digits')
      .transform((value) => value.replace(/\D/g, ''))
      .optional(),
    from: z.iso.datetime().optional(),
    to: z.iso.datetime().optional(),
    limit: z.coerce.number().int().min(1).max(CALL_LOG_PAGE_SIZE.max).optional(),
    cursor: z
      .string()
      .max(CURSOR_MAX_CHARS)
      .regex(/^[\w-]+$/, 'Invalid cursor')
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type CallLogQuery = z.infer<typeof callLogQuerySchema>;

export const callLogEntrySchema = z.object({
  id: z.string(),
  channel: z.enum(CONVERSATION_CHANNELS),
  caller: z.string(),
  started_at: z.iso.datetime(),
  ended_at: z.iso.datetime(),
  duration_seconds: z.number().int().min(0),
  outcome: z.enum(CONVERSATION_OUTCOMES),
  amount_collected_cents: z.number().int().min(0),
  summary: z.string(),
  open: z.boolean(),
});
export type CallLogEntry = z.infer<typeof callLogEntrySchema>;

export const callLogPageSchema = z.object({
  /** IANA zone the owner's times are shown in (the business's). */
  time_zone: z.string(),
  entries: z.array(callLogEntrySchema),
  /** Pass back as `cursor` for the next (older) page; absent at the end. */
  next_cursor: z.string().optional(),
});
export type CallLogPage = z.infer<typeof callLogPageSchema>;

export const callLogDetailSchema = callLogEntrySchema.extend({
  time_zone: z.string(),
  escalated: z.boolean(),
  transcript: z.array(transcriptTurnSchema),
  actions: z.array(conversationActionSchema),
  objectives_met: z.record(z.string(), z.boolean()),
});
export type CallLogDetail = z.infer<typeof callLogDetailSchema>;

export const CHANNEL_LABELS: Record<ConversationChannel, string> = {
  voice: 'Call',
  sms: 'SMS',
  test: 'Test',
};

export const OUTCOME_LABELS: Record<ConversationOutcome, string> = {
  deposit_paid: 'Deposit paid',
  booked: 'Booked',
  message_taken: 'Message taken',
  escalated: 'Transferred',
  answered: 'Answered',
  abandoned: 'No reply',
};

/** Tools whose successful use says what a conversation achieved, most telling first. */
const TELLING_TOOLS = [
  'deposit_paid',
  'book_appointment',
  'reschedule_appointment',
  'cancel_appointment',
  'take_message',
  'escalate_to_manager',
  'send_deposit_link',
];

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/**
 * One line saying what a conversation was about, written with the record so the log's list never reads
 * transcripts: the most telling thing the assistant did, else what the caller first asked.
 */
export function conversationSummary(
  conversation: Pick<Conversation, 'actions' | 'transcript' | 'outcome'>,
): string {
  const done = (conversation.actions ?? []).filter((action) => action.ok);
  for (const tool of TELLING_TOOLS) {
    const action = done.findLast((candidate) => candidate.tool === tool);
    if (action) return clip(action.summary, CALL_LOG_SUMMARY_MAX_CHARS);
  }
  const firstAsk = conversation.transcript.find((turn) => turn.speaker === 'caller')?.text.trim();
  if (firstAsk) return clip(`Asked: “${firstAsk.replace(/\s+/g, ' ')}”`, CALL_LOG_SUMMARY_MAX_CHARS);
  return conversation.outcome === 'abandoned' || !conversation.outcome
    ? 'The caller said nothing'
    : OUTCOME_LABELS[conversation.outcome];
}

export const durationSeconds = (startedAt: string, endedAt: string) =>
  Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 1000));

/** A conversation's length: "45s", "3m 05s", "1h 02m" (the call log and the summary e-mails). */
export function durationLabel(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

export const CALL_LOG_TEXTS = {
  title: 'Call log',
  intro: 'Every call and text your assistant handled, newest first, in your business time zone.',
  empty: 'No conversations yet. When your assistant answers a call or a text, it appears here.',
  noMatch: 'No conversations match these filters.',
  loadFailed: 'Failed to load the call log',
  loadMore: 'Load older conversations',
  back: 'Back to the call log',
  conversation: 'Conversation',
  notFound:
    'This conversation is no longer in your call log: it was erased, or it is older than your retention period.',
  callBack: 'Call back',
  transcript: 'Transcript',
  actions: 'What the assistant did',
  objectives: 'Objective results',
  noActions: 'The assistant used no tools in this conversation.',
  ongoing: 'Ongoing',
} as const;
