import { z } from 'zod';

/**
 * Twilio ConversationRelay's WebSocket messages (docs/decisions/030-voice-channel.md): Twilio turns the
 * caller's speech into `prompt`s and speaks the `text` tokens we send. One schema per message, used by the
 * relay (backend) and by the local telephony provider that plays Twilio's part.
 */

/** The longest prompt the relay takes; a person does not say more than this in one breath. */
export const RELAY_PROMPT_MAX_CHARS = 4_000;

const setupSchema = z.object({
  type: z.literal('setup'),
  sessionId: z.string().min(1).max(100),
  callSid: z.string().min(1).max(64),
  accountSid: z.string().max(64).optional(),
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  direction: z.string().max(40).optional(),
  callStatus: z.string().max(40).optional(),
  /** The <Parameter>s of the TwiML: the conversation this call belongs to. */
  customParameters: z.record(z.string(), z.string().max(200)).optional(),
});

const promptSchema = z.object({
  type: z.literal('prompt'),
  /** Huge prompts pass validation and are answered politely (relay-session.ts), not dropped. */
  voicePrompt: z.string().max(100_000),
  lang: z.string().max(20).optional(),
  /** False while the caller is still speaking (partial prompts); only the final one is a turn. */
  last: z.boolean().default(true),
});

const interruptSchema = z.object({
  type: z.literal('interrupt'),
  /** What the caller heard of the reply before speaking over it. */
  utteranceUntilInterrupt: z.string().max(20_000).default(''),
  durationUntilInterruptMs: z.number().min(0).optional(),
});

const dtmfSchema = z.object({ type: z.literal('dtmf'), digit: z.string().regex(/^[0-9*#A-D]$/) });

const errorSchema = z.object({ type: z.literal('error'), description: z.string().max(2_000).default('') });

export const relayIncomingSchema = z.discriminatedUnion('type', [
  setupSchema,
  promptSchema,
  interruptSchema,
  dtmfSchema,
  errorSchema,
]);
export type RelayIncoming = z.infer<typeof relayIncomingSchema>;
export type RelaySetup = z.infer<typeof setupSchema>;

/** Why the relay ended the session; read by the `action` webhook (…/voice/after). */
export const handoffDataSchema = z.discriminatedUnion('reasonCode', [
  z.object({
    reasonCode: z.literal('live-agent-handoff'),
    conversationId: z.string(),
    to: z.string(),
    summary: z.string().max(500),
  }),
  z.object({ reasonCode: z.literal('end'), conversationId: z.string().optional(), reason: z.string() }),
  z.object({ reasonCode: z.literal('protocol-error'), reason: z.string() }),
]);
export type HandoffData = z.infer<typeof handoffDataSchema>;

export const relayOutgoingSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), token: z.string(), last: z.boolean() }),
  /** handoffData is a JSON string (HandoffData), as ConversationRelay passes it on untouched. */
  z.object({ type: z.literal('end'), handoffData: z.string() }),
]);
export type RelayOutgoing = z.infer<typeof relayOutgoingSchema>;

export const VOICE_RELAY = {
  /** A tool call running longer than this gets a filler spoken, so the line is never silent. */
  fillerAfterMs: 700,
  /** Seconds the manager's phone rings before the caller comes back to the assistant. */
  transferTimeoutSeconds: 20,
  /** The <Parameter> carrying the conversation id to the relay's setup. */
  conversationParameter: 'conversationId',
  /**
   * On the deployed WebSocket API (shared with the voice-preview stream) relay sockets are opened with
   * this query, so `$connect` knows which protocol the socket speaks (VOICE_RELAY_URL carries it).
   */
  channelQuery: { name: 'channel', value: 'relay' },
  /** What DTMF 0 means: the caller asks for a person. */
  dtmfPersonRequest: 'I would like to speak to a person, please.',
} as const;

export const VOICE_TEXTS = {
  filler: 'One moment while I check that.',
  promptTooLong: "Sorry, I couldn't follow all of that. Could you tell me again, briefly?",
  unknownNumber: 'Sorry, this number is not in service. Goodbye.',
  lapsed: (business: string) => `Thanks for calling ${business}. Please hold while we connect you.`,
  /** The assistant cannot answer at all (docs/decisions/160-fail-closed.md): the call goes to the business. */
  assistantUnavailable: (business: string) =>
    `Thanks for calling ${business}. Our assistant is unavailable right now, so we are connecting you directly. Please hold.`,
  /** The same, for a business with no phone of its own to forward to. */
  assistantUnavailableNoLine: (business: string) =>
    `Thanks for calling ${business}. Our assistant is unavailable right now, and there is no other number to connect you to. Please try again later. Goodbye.`,
  unavailable: (business: string) =>
    `Thanks for calling ${business}. We can't take your call right now. Please try again later. Goodbye.`,
  whisper: (summary: string) => `Call from Ringly. ${summary}`,
  missedTransfer: (business: string, summary: string) =>
    `${business}: you missed a transferred call. ${summary} The assistant is taking a message.`.slice(0, 480),
  /** After a transfer nobody answered, the assistant comes back with this. */
  noAnswer: (manager: string) =>
    `Sorry, ${manager} couldn't pick up. I can take a message and text it to them right away. What's your name and what is it about?`,
} as const;

/**
 * ConversationRelay's text-to-speech voice for the owner's chosen voice: ElevenLabs voices are passed on
 * by id; other providers' voices (OpenAI, the local espeak-ng preview) map to a Google voice of similar
 * character, since ConversationRelay speaks through Google, Amazon or ElevenLabs only.
 */
const GOOGLE_VOICE_FOR: Record<string, string> = {
  alloy: 'en-US-Journey-O',
  nova: 'en-US-Journey-F',
  shimmer: 'en-US-Journey-F',
  echo: 'en-US-Journey-D',
  onyx: 'en-US-Journey-D',
  fable: 'en-GB-Journey-D',
};
export const DEFAULT_RELAY_VOICE = { ttsProvider: 'Google', voice: 'en-US-Journey-O' } as const;

export function relayVoiceOf(selected: { provider?: string; voice_id?: string } | undefined): {
  ttsProvider: string;
  voice: string;
} {
  if (!selected?.voice_id) return DEFAULT_RELAY_VOICE;
  if (selected.provider?.toLowerCase() === 'elevenlabs')
    return { ttsProvider: 'ElevenLabs', voice: selected.voice_id };
  return { ttsProvider: 'Google', voice: GOOGLE_VOICE_FOR[selected.voice_id] ?? DEFAULT_RELAY_VOICE.voice };
}

/** Calls are answered in US English; the language the relay transcribes and speaks. */
export const RELAY_LANGUAGE = 'en-US';

/** Twilio's final call statuses: each closes the call's conversation. */
export const FINAL_CALL_STATUSES = ['completed', 'busy', 'failed', 'no-answer', 'canceled'] as const;
