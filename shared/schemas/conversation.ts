import { z } from 'zod';
import { CALL_ROUTES, OWNER_DIAL_STATUSES } from '../answer-mode-values';
import { CONVERSATION_CHANNELS, CONVERSATION_OUTCOMES } from '../conversation';
import { LANGUAGES } from '../language';
import { HONESTY_KINDS } from './knowledge';

/**
 * One conversation the assistant had on the owner's line (a call or an SMS thread). Analytics are computed
 * from these records only, never invented (issue 5). Amounts are integer cents so sums are exact.
 */

export const conversationActionSchema = z.object({
  tool: z.string().max(60),
  ok: z.boolean(),
  summary: z.string().max(500),
  at: z.iso.datetime(),
});
export type ConversationAction = z.infer<typeof conversationActionSchema>;

export const transcriptTurnSchema = z.object({
  speaker: z.enum(['assistant', 'caller']),
  text: z.string().max(4000),
  at: z.iso.datetime(),
});
export type TranscriptTurn = z.infer<typeof transcriptTurnSchema>;

export const conversationSchema = z.object({
  id: z.string().min(1).max(100),
  business_id: z.string().min(1).max(100),
  /** The objective the assistant pursued; its success criteria are the keys of objectives_met. */
  objective_id: z.string().max(100).optional(),
  channel: z.enum(CONVERSATION_CHANNELS),
  /** The caller's number (E.164). */
  caller: z.string().max(20),
  started_at: z.iso.datetime(),
  ended_at: z.iso.datetime(),
  transcript: z.array(transcriptTurnSchema).max(500),
  /** Success criterion → whether this conversation met it. */
  objectives_met: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), z.boolean()),
  /** Money taken during the conversation (deposits), in cents. */
  amount_collected_cents: z.number().int().min(0),
  /** The assistant handed the caller over to the manager. */
  escalated: z.boolean(),
  /** What the conversation came to (issue 9 §8); absent on records written before the engine existed. */
  outcome: z.enum(CONVERSATION_OUTCOMES).optional(),
  /** The tools the assistant used, in order (slot offered, booked, link sent, paid, message taken …). */
  actions: z.array(conversationActionSchema).max(200).optional(),
  /** Still going (an SMS thread inside its window, a live call). */
  open: z.boolean().optional(),
  /**
   * When the assistant first answered: the greeting of a call (its relay connected), the first reply of a text
   * thread. With started_at (the webhook's arrival) it gives the Overview's time to answer (issue 13 §3).
   */
  answered_at: z.iso.datetime().optional(),
  /** One line for the call log's list (conversationSummary in shared/call-log.ts), set when stored. */
  summary: z.string().max(200).optional(),
  /**
   * How a call reached the assistant (docs/decisions/173-answer-modes.md): straight away, after ringing the
   * business phone (ring me first) or because the business was closed (after hours only). Absent on texts
   * and on calls stored before answer modes existed.
   */
  call_route: z.enum(CALL_ROUTES).optional(),
  /** Ring me first: what the business phone's leg came to (nobody picked up, busy …). */
  owner_dial_status: z.enum(OWNER_DIAL_STATUSES).optional(),
  /** The call was forwarded to the assistant from the business's own line (Twilio's ForwardedFrom). */
  forwarded: z.boolean().optional(),
  /**
   * Ring me first: the owner picked up on the business line, so the assistant never spoke (no transcript, no
   * objective assessed). The call log lists it as the business's call all the same (decision 173, session 41).
   * After hours only, in opening hours (`call_route: 'business_line'`): true when the owner picked up, false
   * when nobody did (`outcome: 'missed'`; decision 173, session 42).
   */
  owner_answered: z.boolean().optional(),
  /**
   * The language the caller used (docs/decisions/174-spanish.md): the thread's or call's last served language.
   * Absent on records stored before Spanish existed, which were English.
   */
  language: z.enum(LANGUAGES).optional(),
  /**
   * What the caller tried that the honesty rules refused (docs/decisions/181-knowledge-and-honesty.md): a claim
   * of the owner's approval, an attempt at the instructions, a pushed concession. The call log marks it.
   */
  manipulation_attempts: z.array(z.enum(HONESTY_KINDS)).max(HONESTY_KINDS.length).optional(),
  /**
   * What the conversation booked (docs/decisions/183-calendar-model.md): the service and the staff member of
   * its latest booking or move, for the call log, the e-mails and analytics. Absent when nothing was booked.
   */
  booked_service: z.string().max(100).optional(),
  booked_staff: z.string().max(100).optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;
