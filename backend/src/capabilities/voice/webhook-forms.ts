import * as z from 'zod/mini';
import { toE164Phone } from '@shared/phone/phone-number';
import { callerPhoneMiniSchema } from '@shared/schemas/caller-phone-mini';
import { useEnglishZodMessages } from '@shared/zod-english';
import { LINE_OWNER_PARAM, LINE_OWNER_PATTERN } from '../../platform/http/webhook-paths';
import { TWILIO_WEBHOOK_PATHS } from '../../providers/telephony/port';

/**
 * The voice webhooks' paths and forms: read by the Hono routes (voice-webhook-routes.ts) and by the incoming
 * call's answer (call-answer.ts), which the telephony function also serves without Hono. The forms are
 * written with `zod/mini`: a caller's first ring parses one, and loads no more of zod than that
 * (docs/decisions/186-cold-start.md).
 */
useEnglishZodMessages();

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

const callSid = z.string().check(z.regex(/^CA[0-9a-f]{32}$/, 'must be a Twilio call sid'));
/** Text of at most `max` characters. */
const text = (max: number) => z.string().check(z.maxLength(max));
/** Whole seconds of a call, from Twilio's text. */
const seconds = z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(86_400)));
/** A number Twilio sends, in canonical E.164 when it is one; kept as sent when it is text ('Anonymous'). */
const sentNumber = z.pipe(
  text(40),
  z.transform((from: string) => toE164Phone(from, 'possible') ?? from),
);

export const incomingCallSchema = z.object({
  CallSid: callSid,
  AccountSid: z.string().check(z.regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio account sid')),
  // A withheld number arrives as text ('Anonymous'): kept as sent; a number in canonical E.164, so a
  // caller is one person across calls and texts (docs/decisions/166-phone-numbers.md).
  From: sentNumber,
  To: callerPhoneMiniSchema,
  // Set by Twilio on a call forwarded to the assistant number: the line it came through, when the carrier
  // passes it on (docs/decisions/172-forwarding.md, 173-answer-modes.md).
  ForwardedFrom: z.optional(sentNumber),
  Called: z.optional(text(40)),
});
export const callStatusSchema = z.object({
  CallSid: callSid,
  CallStatus: text(40),
  CallDuration: seconds,
  // Twilio sends the call's From and To with its status: a call that never reached the assistant has no
  // conversation, and the text-back needs to know whose line it rang and who to text (decision 176).
  From: z.optional(text(40)),
  To: z.optional(text(40)),
});
export const afterSchema = z.object({
  CallSid: callSid,
  HandoffData: z.optional(text(10_000)),
});
export const whisperSchema = z.object({ CallSid: callSid, ParentCallSid: z.optional(callSid) });
export const dialResultSchema = z.object({
  CallSid: callSid,
  DialCallStatus: z._default(text(40), 'failed'),
});
export const conversationQuery = z.object({
  conversationId: z.string().check(z.minLength(1), z.maxLength(100)),
});
/** Ring me first: the business phone's leg, posted on the caller's own call (its From, To, CallSid). */
export const ownerDialResultSchema = z.extend(incomingCallSchema, {
  DialCallStatus: z._default(text(40), 'failed'),
  // Seconds the business phone's leg was connected: what the owner talked, when Twilio sends it.
  DialCallDuration: seconds,
});

/**
 * After hours only, in opening hours: the business line's <Dial action> is the owner-dial-result webhook with
 * this query (docs/decisions/173-answer-modes.md, session 42). The ring's start travels in it because the
 * first ring writes nothing before its TwiML; Twilio signs the URL with its query, so it is ours.
 */
export const businessLineQuery = z.object({
  line: z.literal('business'),
  rang_at_ms: z.coerce.number().check(z.int(), z.positive()),
});
/** The number's owner its voice webhook URL names (telephonyWebhookUrls), if any: a hint to check. */
export const lineOwnerOf = (requestUrl: string): string | undefined => {
  const owner = new URL(requestUrl).searchParams.get(LINE_OWNER_PARAM);
  return owner && LINE_OWNER_PATTERN.test(owner) ? owner : undefined;
};

export const businessLineResultUrl = (base: string, rangAtMs: number) =>
  `${base}${VOICE_PATHS.ownerDialResult}?line=business&rang_at_ms=${rangAtMs}`;
