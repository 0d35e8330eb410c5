import type { Language } from '@shared/language';
import { createEspeakPool, SpeechBusyError, type EspeakPool } from './espeak-pool';
import {
  groupByGender,
  SpeechError,
  splitSentences,
  type SpeechProvider,
  type SynthesisRequest,
  type VoiceGender,
  type VoiceOption,
  LOCAL_SPEECH_PROVIDER,
} from '../../providers/speech/port';

/**
 * Local speech: espeak-ng compiled to WebAssembly, run on worker threads (espeak-pool.ts). It renders 16-bit mono WAV at 22050 Hz
 * many times faster than real time, so voice previews and streaming work with no network. espeak-ng is
 * GPL-3.0: it stays on the server and never enters the browser bundle.
 */

/** espeak-ng voice + variant and pitch per catalogue voice, chosen so each gender sounds clearly distinct. */
type LocalVoice = VoiceOption & { espeakVoice: string; pitch: number; speed: number };

const voice = (
  voice_id: string,
  display_name: string,
  gender: VoiceGender,
  espeakVoice: string,
  pitch: number,
  speed = 165,
): LocalVoice => ({
  provider: LOCAL_SPEECH_PROVIDER,
  voice_id,
  display_name,
  gender,
  espeakVoice,
  pitch,
  speed,
});

export const LOCAL_VOICES: LocalVoice[] = [
  voice('emma', 'Emma (US)', 'female', 'en-us+f3', 60),
  voice('grace', 'Grace (UK)', 'female', 'en-gb+f4', 55),
  voice('james', 'James (US)', 'male', 'en-us+m3', 40),
  voice('oliver', 'Oliver (UK)', 'male', 'en-gb+m4', 35),
  voice('sam', 'Sam (US)', 'neutral', 'en-us+f5', 42),
  voice('river', 'River (Caribbean)', 'neutral', 'en-029+m2', 62),
];

/**
 * The same voice reading another language: espeak-ng's Latin American Spanish with the voice's own variant
 * (+f3, +m4…), so a Spanish preview sounds like the chosen voice speaking Spanish, not English phonetics.
 */
export function espeakVoiceIn(espeakVoice: string, language: Language | undefined): string {
  if (language !== 'es') return espeakVoice;
  const variant = espeakVoice.split('+')[1];
  return variant ? `es-419+${variant}` : 'es-419';
}

export const WAV_SAMPLE_RATE = 22050;

export type LocalSpeechOptions = {
  /** Set where local speech must not run: every synthesis fails with this text (SpeechError 'unavailable'). */
  disabledReason?: string;
  /** The thread pool that renders; created on first use when not given. */
  pool?: EspeakPool;
};

export function createLocalSpeech(options: LocalSpeechOptions = {}): SpeechProvider {
  let pool = options.pool;
  /** Renders on the pool's threads; a full pool is SpeechError 'busy' (503), not an unbounded wait. */
  const renderWav = async (chosen: LocalVoice, text: string, language?: Language) => {
    try {
      pool ??= createEspeakPool();
      return await pool.render({
        espeakVoice: espeakVoiceIn(chosen.espeakVoice, language),
        pitch: chosen.pitch,
        speed: chosen.speed,
        text,
      });
    } catch (error) {
      if (error instanceof SpeechBusyError) throw new SpeechError('busy', error.message);
      throw new SpeechError('upstream', (error as Error).message);
    }
  };
  const find = (request: SynthesisRequest) => {
    if (options.disabledReason) throw new SpeechError('unavailable', options.disabledReason);
    if (request.provider !== LOCAL_SPEECH_PROVIDER) {
      throw new SpeechError('unknown_provider', `Unknown voice provider: ${request.provider}`);
    }
    const found = LOCAL_VOICES.find((v) => v.voice_id === request.voice_id);
    if (!found) throw new SpeechError('unknown_voice', `Unknown voice: ${request.voice_id}`);
    return found;
  };
  return {
    name: LOCAL_SPEECH_PROVIDER,
    listVoices: async () =>
      groupByGender(
        LOCAL_VOICES.map(({ provider, voice_id, display_name, gender }) => ({
          provider,
          voice_id,
          display_name,
          gender,
        })),
      ),
    async synthesize(request) {
      const chosen = find(request);
      return { audio: await renderWav(chosen, request.text, request.language), mimeType: 'audio/wav' };
    },
    async *synthesizeSentences(request) {
      const chosen = find(request);
      for (const sentence of splitSentences(request.text)) {
        yield {
          text: sentence,
          audio: await renderWav(chosen, sentence, request.language),
          mimeType: 'audio/wav',
        };
      }
    },
  };
}
