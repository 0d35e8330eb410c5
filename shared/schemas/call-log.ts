import { z } from 'zod';
import { CALL_ROUTES, OWNER_DIAL_STATUSES } from '../answer-mode-values';
import { CALL_LOG_PAGE_SIZE } from '../call-log';
import { CONVERSATION_CHANNELS, CONVERSATION_OUTCOMES } from '../conversation';
import { LANGUAGES } from '../language';
import { conversationActionSchema, transcriptTurnSchema } from './conversation';
import { isPhoneTyping, phoneDigits } from '../phone/phone-number';
import { HONESTY_KINDS } from './knowledge';

/**
 * The owner's call log (issue 13 §1): every conversation newest first, paged by key, filtered by outcome,
 * channel, the caller's language and time range, searchable by the caller's number.
 */
/** A cursor is an opaque base64url token; its decoded key is checked again on the server. */
const CURSOR_MAX_CHARS = 400;

export const callLogQuerySchema = z
  .object({
    channel: z.enum(CONVERSATION_CHANNELS).optional(),
    outcome: z.enum(CONVERSATION_OUTCOMES).optional(),
    /** The caller's language; `en` also finds records stored before languages were kept (they were English). */
    language: z.enum(LANGUAGES).optional(),
    /** Digits of the caller's number, any formatting: "(628) 555-01" finds +1628555010x. */
    phone: z
      .string()
      .max(30)
      .refine(isPhoneTyping, 'Search by phone number digits')
      .transform(phoneDigits)
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
  /** The language the caller used (records stored before languages were kept say `en`: they were English). */
  language: z.enum(LANGUAGES),
  /** How a call reached the assistant (callRouteLabel in shared/call-log.ts says it). */
  call_route: z.enum(CALL_ROUTES).optional(),
  /** With a route: whether the assistant answered (its greeting went out) before the caller hung up. */
  answered: z.boolean().optional(),
  owner_dial_status: z.enum(OWNER_DIAL_STATUSES).optional(),
  forwarded: z.boolean().optional(),
  /**
   * The call rang the owner's business phone (ring me first, or after hours only in opening hours) and the
   * assistant never spoke: true, the owner picked up; false, nobody did (a missed call).
   */
  owner_answered: z.boolean().optional(),
  /** The caller tried to manipulate the assistant (manipulationLabel in shared/call-log.ts says how). */
  manipulation_attempts: z.array(z.enum(HONESTY_KINDS)).optional(),
  /** What the conversation booked: the service and who does it (docs/decisions/183). */
  service: z.string().optional(),
  staff: z.string().optional(),
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
