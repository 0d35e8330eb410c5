import type { Language } from './language';

/**
 * Twilio ConversationRelay as a call's webhooks set it up (docs/decisions/030-voice-channel.md): its voices,
 * languages and texts. The socket's own messages are in voice-relay-messages.ts and the handoff it reports in
 * voice-relay-handoff.ts, so the telephony function, which answers the call with none of them, builds no zod
 * schema of them at start, nor loads zod's classic API (docs/decisions/186-cold-start.md).
 */

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
  /** Said to the manager before a transfer joins; names the caller's language when it is not English. */
  whisper: (summary: string, language?: string) =>
    `Call from Ringly.${language ? ` The caller speaks ${language}.` : ''} ${summary}`,
  missedTransfer: (business: string, summary: string) =>
    `${business}: you missed a transferred call. ${summary} The assistant is taking a message.`.slice(0, 480),
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

/** Calls start in US English; the language the relay transcribes and speaks first. */
export const RELAY_LANGUAGE = 'en-US';

/** The relay's language code for each language the receptionist speaks (US Spanish for US callers). */
export const RELAY_LANGUAGE_CODES: Record<Language, string> = { en: RELAY_LANGUAGE, es: 'es-US' };

/** Google's US Spanish voices of the same character as the English ones (female, male). */
const GOOGLE_SPANISH_VOICE_FOR: Record<string, string> = {
  alloy: 'es-US-Neural2-A',
  nova: 'es-US-Neural2-A',
  shimmer: 'es-US-Neural2-A',
  echo: 'es-US-Neural2-B',
  onyx: 'es-US-Neural2-B',
  fable: 'es-US-Neural2-C',
};
const DEFAULT_SPANISH_RELAY_VOICE = { ttsProvider: 'Google', voice: 'es-US-Neural2-A' } as const;

/** The Spanish voice: ElevenLabs voices are multilingual and passed on; others map to a Google es-US voice. */
export function relaySpanishVoiceOf(selected: { provider?: string; voice_id?: string } | undefined): {
  ttsProvider: string;
  voice: string;
} {
  if (!selected?.voice_id) return DEFAULT_SPANISH_RELAY_VOICE;
  if (selected.provider?.toLowerCase() === 'elevenlabs')
    return { ttsProvider: 'ElevenLabs', voice: selected.voice_id };
  return {
    ttsProvider: 'Google',
    voice: GOOGLE_SPANISH_VOICE_FOR[selected.voice_id] ?? DEFAULT_SPANISH_RELAY_VOICE.voice,
  };
}

/** One <Language> of the relay's TwiML: what Twilio uses once the session switches to it. */
export type RelayLanguage = {
  code: string;
  ttsProvider: string;
  voice: string;
  transcriptionProvider: string;
};

/**
 * The <Language> elements for the languages an owner serves, each with its voice (the Spanish voice, or the
 * English one's Spanish counterpart) and Google transcription, which covers both.
 */
type VoicedConfig = {
  languages?: readonly Language[] | undefined;
  selected_voice?: { provider?: string; voice_id?: string } | undefined;
  selected_voice_es?: { provider?: string; voice_id?: string } | undefined;
};

/** The voice a language is spoken in: the owner's Spanish voice, else the English one's Spanish counterpart. */
export const relayVoiceIn = (config: VoicedConfig | undefined, language: Language) =>
  language === 'es'
    ? relaySpanishVoiceOf(config?.selected_voice_es ?? config?.selected_voice)
    : relayVoiceOf(config?.selected_voice);

export function relayLanguagesOf(config: VoicedConfig | undefined): RelayLanguage[] {
  const served = config?.languages?.length ? config.languages : (['en'] as const);
  if (served.length < 2) return [];
  return served.map((language) => ({
    code: RELAY_LANGUAGE_CODES[language],
    ...relayVoiceIn(config, language),
    transcriptionProvider: 'Google',
  }));
}

/** The message that switches a relay session to `language`. */
export const relayLanguageMessage = (language: Language) => ({
  type: 'language' as const,
  ttsLanguage: RELAY_LANGUAGE_CODES[language],
  transcriptionLanguage: RELAY_LANGUAGE_CODES[language],
});

/** The language of a prompt as Twilio labels it ("es-US" → 'es'), when it is one the receptionist speaks. */
export const languageOfRelayCode = (code: string | undefined): Language | undefined =>
  code?.toLowerCase().startsWith('es') ? 'es' : code?.toLowerCase().startsWith('en') ? 'en' : undefined;

/** Twilio's final call statuses: each closes the call's conversation. */
export const FINAL_CALL_STATUSES = ['completed', 'busy', 'failed', 'no-answer', 'canceled'] as const;
