import { lazyOpenAiClient } from '../openai-client';
import {
  groupByGender,
  SpeechError,
  splitSentences,
  type SpeechProvider,
  type SynthesisRequest,
  type VoiceOption,
} from './port';

export const OPENAI_SPEECH_PROVIDER = 'openai';
export const OPENAI_TTS_MODEL = 'gpt-4o-mini-tts';

const openAiVoice = (voice_id: string, gender: VoiceOption['gender']): VoiceOption => ({
  provider: OPENAI_SPEECH_PROVIDER,
  voice_id,
  display_name: voice_id.charAt(0).toUpperCase() + voice_id.slice(1),
  gender,
});

/** OpenAI's built-in voices, grouped the way they are usually perceived. */
export const OPENAI_VOICES: VoiceOption[] = [
  openAiVoice('nova', 'female'),
  openAiVoice('shimmer', 'female'),
  openAiVoice('coral', 'female'),
  openAiVoice('onyx', 'male'),
  openAiVoice('echo', 'male'),
  openAiVoice('ash', 'male'),
  openAiVoice('alloy', 'neutral'),
  openAiVoice('fable', 'neutral'),
  openAiVoice('sage', 'neutral'),
];

/** The optional speaking speed from provider_config, within OpenAI's accepted 0.25-4.0. */
const speedOf = (config: Record<string, unknown> | undefined) => {
  const speed = config?.speed;
  return typeof speed === 'number' && speed >= 0.25 && speed <= 4 ? speed : undefined;
};

/** OpenAI audio.speech (MP3). Any base URL with the same wire format works; tests use a local fake. */
export function createOpenAiSpeech(options: {
  apiKey: string;
  baseUrl?: string;
  model?: string;
}): SpeechProvider {
  const client = lazyOpenAiClient({ apiKey: options.apiKey, baseUrl: options.baseUrl, timeoutMs: 30_000 });
  const model = options.model ?? OPENAI_TTS_MODEL;

  async function render(request: SynthesisRequest, text: string) {
    if (request.provider !== OPENAI_SPEECH_PROVIDER) {
      throw new SpeechError('unknown_provider', `Unknown voice provider: ${request.provider}`);
    }
    if (!OPENAI_VOICES.some((v) => v.voice_id === request.voice_id)) {
      throw new SpeechError('unknown_voice', `Unknown voice: ${request.voice_id}`);
    }
    try {
      const speed = speedOf(request.provider_config);
      const response = await (
        await client()
      ).audio.speech.create({
        model,
        voice: request.voice_id,
        input: text,
        response_format: 'mp3',
        ...(speed ? { speed } : {}),
      });
      return { audio: new Uint8Array(await response.arrayBuffer()), mimeType: 'audio/mpeg' };
    } catch (error) {
      throw new SpeechError('upstream', `OpenAI speech failed: ${(error as Error).message}`);
    }
  }

  return {
    name: OPENAI_SPEECH_PROVIDER,
    listVoices: async () => groupByGender(OPENAI_VOICES),
    synthesize: (request) => render(request, request.text),
    async *synthesizeSentences(request) {
      for (const sentence of splitSentences(request.text)) {
        yield { text: sentence, ...(await render(request, sentence)) };
      }
    },
  };
}
