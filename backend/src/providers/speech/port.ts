import {
  createLocalSpeech,
  LOCAL_SPEECH_PROVIDER,
  type LocalSpeechOptions,
} from '../../local/speech/local-speech';
import { createOpenAiSpeech } from './openai';

/**
 * Text to speech for the voice step and, later, the live call: a voice catalogue grouped by gender and
 * synthesis to audio bytes. Real: OpenAI speech (openai.ts); local: espeak-ng compiled to WASM (local.ts).
 */
export const VOICE_GENDERS = ['male', 'female', 'neutral'] as const;
export type VoiceGender = (typeof VOICE_GENDERS)[number];

export type VoiceOption = {
  /** Which provider synthesizes it, e.g. 'openai' or 'local'; stored as selected_voice.provider. */
  provider: string;
  voice_id: string;
  display_name: string;
  gender: VoiceGender;
};

export type VoicesByGender = Record<VoiceGender, VoiceOption[]>;

export type SynthesisRequest = {
  provider: string;
  voice_id: string;
  text: string;
  /** Provider-specific knobs (e.g. speed), from selected_voice.provider_config. */
  provider_config?: Record<string, unknown>;
};

export type SynthesizedAudio = {
  audio: Uint8Array;
  /** 'audio/wav' or 'audio/mpeg'. */
  mimeType: string;
};

export interface SpeechProvider {
  readonly name: string;
  listVoices(): Promise<VoicesByGender>;
  /** Whole utterance; throws SpeechError('unknown_voice') when the voice is not in the catalogue. */
  synthesize(request: SynthesisRequest): Promise<SynthesizedAudio>;
  /**
   * One audio chunk per sentence, in order, so a caller (the voice stream) can start playing the first
   * sentence while later ones are still being rendered. Each chunk is a complete playable file.
   */
  synthesizeSentences(request: SynthesisRequest): AsyncIterable<SynthesizedAudio & { text: string }>;
}

export class SpeechError extends Error {
  constructor(
    /** busy: the local renderer's queue is full (503, try again); unavailable: local speech is off here. */
    readonly code: 'unknown_voice' | 'unknown_provider' | 'upstream' | 'busy' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** Splits text into sentences for chunked synthesis; keeps the closing punctuation with its sentence. */
export const splitSentences = (text: string): string[] =>
  (text.match(/[^.!?]+[.!?]+["')\]]*|[^.!?]+$/g) ?? []).map((sentence) => sentence.trim()).filter(Boolean);

/** Groups a flat catalogue into the three gender lists the voices endpoint returns. */
export const groupByGender = (voices: VoiceOption[]): VoicesByGender => ({
  male: voices.filter((voice) => voice.gender === 'male'),
  female: voices.filter((voice) => voice.gender === 'female'),
  neutral: voices.filter((voice) => voice.gender === 'neutral'),
});

/**
 * OpenAI's catalogue when a key is configured, else espeak-ng's. Synthesis routes on the request's provider,
 * so a voice stored as 'local' (chosen before the key was set) still plays instead of failing.
 */
export function createSpeechProvider(
  config: { apiKey: string | undefined; baseUrl: string | undefined },
  localOptions: LocalSpeechOptions = {},
): SpeechProvider {
  const local = createLocalSpeech(localOptions);
  if (!config.apiKey) return local;
  const primary = createOpenAiSpeech({ apiKey: config.apiKey, baseUrl: config.baseUrl });
  const pick = (request: SynthesisRequest) => (request.provider === LOCAL_SPEECH_PROVIDER ? local : primary);
  return {
    name: primary.name,
    listVoices: () => primary.listVoices(),
    synthesize: (request) => pick(request).synthesize(request),
    synthesizeSentences: (request) => pick(request).synthesizeSentences(request),
  };
}
