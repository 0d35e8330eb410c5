import { createOpenAiSpeech } from './openai';
import {
  groupByGender,
  LOCAL_SPEECH_OFF_IN_AWS,
  LOCAL_SPEECH_PROVIDER,
  SpeechError,
  type SpeechProvider,
  type SynthesisRequest,
} from './port';

/** Where no local entry point handed in the built-in voices (AWS): a voice stored as 'local' gets a clear 503. */
const localVoicesOff: SpeechProvider = {
  name: LOCAL_SPEECH_PROVIDER,
  listVoices: async () => groupByGender([]),
  synthesize: () => Promise.reject(new SpeechError('unavailable', LOCAL_SPEECH_OFF_IN_AWS)),
  synthesizeSentences: () => ({
    [Symbol.asyncIterator]: () => ({
      next: () => Promise.reject(new SpeechError('unavailable', LOCAL_SPEECH_OFF_IN_AWS)),
    }),
  }),
};

/**
 * OpenAI's catalogue when a key is configured, else the built-in voices a local entry point handed in.
 * Synthesis routes on the request's provider, so a voice stored as 'local' (chosen before the key was set)
 * still plays locally instead of failing.
 */
export function chooseSpeechProvider(
  config: { apiKey: string | undefined; baseUrl: string | undefined },
  standIn: SpeechProvider | undefined,
): SpeechProvider | undefined {
  if (!config.apiKey) return standIn;
  const primary = createOpenAiSpeech({ apiKey: config.apiKey, baseUrl: config.baseUrl });
  const local = standIn ?? localVoicesOff;
  const pick = (request: SynthesisRequest) => (request.provider === LOCAL_SPEECH_PROVIDER ? local : primary);
  return {
    name: primary.name,
    listVoices: () => primary.listVoices(),
    synthesize: (request) => pick(request).synthesize(request),
    synthesizeSentences: (request) => pick(request).synthesizeSentences(request),
  };
}
