import { z } from 'zod';

/**
 * Twilio ConversationRelay's WebSocket messages (docs/decisions/030-voice-channel.md): Twilio turns the
 * caller's speech into `prompt`s and speaks the `text` tokens we send. One schema per message, used by the
 * relay (the socket function) and by the local telephony provider that plays Twilio's part; apart from
 * voice-relay.ts, which the call's webhooks import (docs/decisions/186-cold-start.md).
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

export const relayOutgoingSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), token: z.string(), last: z.boolean() }),
  /** handoffData is a JSON string (HandoffData), as ConversationRelay passes it on untouched. */
  z.object({ type: z.literal('end'), handoffData: z.string() }),
  /** Switches what Twilio transcribes and speaks from now on (the caller changed language). */
  z.object({ type: z.literal('language'), ttsLanguage: z.string(), transcriptionLanguage: z.string() }),
]);
export type RelayOutgoing = z.infer<typeof relayOutgoingSchema>;
