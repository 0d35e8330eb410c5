import { z } from 'zod';
import { toE164Phone } from '@shared/phone/phone-number';
import { callerPhoneSchema } from '@shared/schemas/phone-number';
import { LINE_OWNER_PARAM, LINE_OWNER_PATTERN } from '../../platform/http/webhook-paths';
import { TWILIO_WEBHOOK_PATHS } from '../../providers/telephony/port';

/**
 * The voice webhooks' paths and forms: read by the Hono routes (voice-webhook-routes.ts) and by the incoming
 * call's answer (call-answer.ts), which the telephony function also serves without Hono.
 */

export const TWILIO_VOICE_WEBHOOK_PATH = TWILIO_WEBHOOK_PATHS.voice;
export const VOICE_PATHS = {
  incoming: TWILIO_VOICE_WEBHOOK_PATH,
  status: TWILIO_WEBHOOK_PATHS.voiceStatus,
  after: TWILIO_WEBHOOK_PATHS.voiceAfter,
  whisper: TWILIO_WEBHOOK_PATHS.voiceWhisper,
  dialResult: TWILIO_WEBHOOK_PATHS.voiceDialResult,
  ownerDialResult: TWILIO_WEBHOOK_PATHS.voiceOwnerDialResult,
} as const;
/** The relay socket's path on the local server (the WebSocket API's own URL in AWS). */
export const LOCAL_RELAY_PATH = '/relay';

/** A call's conversation id follows from its CallSid, so Twilio's retries and callbacks find it by key. */
export const conversationIdOfCall = (callSid: string) => `call-${callSid}`;

const callSid = z.string().regex(/^CA[0-9a-f]{32}$/, 'must be a Twilio call sid');

export const incomingCallSchema = z.object({
  CallSid: callSid,
  AccountSid: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio account sid'),
  // A withheld number arrives as text ('Anonymous'): kept as sent; a number in canonical E.164, so a
  // caller is one person across calls and texts (docs/decisions/166-phone-numbers.md).
  From: z
    .string()
    .max(40)
    .transform((from) => toE164Phone(from, 'possible') ?? from),
  To: callerPhoneSchema,
  // Set by Twilio on a call forwarded to the assistant number: the line it came through, when the carrier
  // passes it on (docs/decisions/172-forwarding.md, 173-answer-modes.md).
  ForwardedFrom: z
    .string()
    .max(40)
    .transform((from) => toE164Phone(from, 'possible') ?? from)
    .optional(),
  Called: z.string().max(40).optional(),
});
export const callStatusSchema = z.object({
  CallSid: callSid,
  CallStatus: z.string().max(40),
  CallDuration: z.coerce.number().int().min(0).max(86_400).optional(),
  // Twilio sends the call's From and To with its status: a call that never reached the assistant has no
  // conversation, and the text-back needs to know whose line it rang and who to text (decision 176).
  From: z.string().max(40).optional(),
  To: z.string().max(40).optional(),
});
export const afterSchema = z.object({
  CallSid: callSid,
  HandoffData: z.string().max(10_000).optional(),
});
export const whisperSchema = z.object({ CallSid: callSid, ParentCallSid: callSid.optional() });
export const dialResultSchema = z.object({
  CallSid: callSid,
  DialCallStatus: z.string().max(40).default('failed'),
});
export const conversationQuery = z.object({ conversationId: z.string().min(1).max(100) });
/** Ring me first: the business phone's leg, posted on the caller's own call (its From, To, CallSid). */
export const ownerDialResultSchema = incomingCallSchema.extend({
  DialCallStatus: z.string().max(40).default('failed'),
  // Seconds the business phone's leg was connected: what the owner talked, when Twilio sends it.
  DialCallDuration: z.coerce.number().int().min(0).max(86_400).optional(),
});

/**
 * After hours only, in opening hours: the business line's <Dial action> is the owner-dial-result webhook with
 * this query (docs/decisions/173-answer-modes.md, session 42). The ring's start travels in it because the
 * first ring writes nothing before its TwiML; Twilio signs the URL with its query, so it is ours.
 */
export const businessLineQuery = z.object({
  line: z.literal('business'),
  rang_at_ms: z.coerce.number().int().positive(),
});
/** The number's owner its voice webhook URL names (telephonyWebhookUrls), if any: a hint to check. */
export const lineOwnerOf = (requestUrl: string): string | undefined => {
  const owner = new URL(requestUrl).searchParams.get(LINE_OWNER_PARAM);
  return owner && LINE_OWNER_PATTERN.test(owner) ? owner : undefined;
};

export const businessLineResultUrl = (base: string, rangAtMs: number) =>
  `${base}${VOICE_PATHS.ownerDialResult}?line=business&rang_at_ms=${rangAtMs}`;
