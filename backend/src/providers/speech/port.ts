import type { Language } from '@shared/language';

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
  /** The text's language, for engines that cannot tell (espeak-ng); OpenAI's voices read it from the text. */
  language?: Language | undefined;
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

/** The provider name of the built-in voices (espeak-ng, backend/src/local/speech/), stored with a chosen voice. */
export const LOCAL_SPEECH_PROVIDER = 'local';

/**
 * Why local speech is off where it is (AWS: the Lambda asset ships neither espeak-ng's 18 MB WebAssembly
 * nor its worker script, and OpenAI is the product's speech there). Said to the owner as is.
 */
export const LOCAL_SPEECH_OFF_IN_AWS =
  'The built-in local voices are not available in the deployed app; choose one of the OpenAI voices.';
