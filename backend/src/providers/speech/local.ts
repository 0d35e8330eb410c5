import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  groupByGender,
  SpeechError,
  splitSentences,
  type SpeechProvider,
  type SynthesisRequest,
  type VoiceGender,
  type VoiceOption,
} from './index';

/**
 * Local speech: espeak-ng compiled to WebAssembly, run in-process. It renders 16-bit mono WAV at 22050 Hz
 * many times faster than real time, so voice previews and streaming work with no network. espeak-ng is
 * GPL-3.0: it stays on the server and never enters the browser bundle.
 */
export const LOCAL_SPEECH_PROVIDER = 'local';

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

export const WAV_SAMPLE_RATE = 22050;

/** The 18 MB WebAssembly module is compiled once per process and instantiated per utterance. */
let compiled: Promise<{ run: typeof import('espeak-ng').default; module: WebAssembly.Module }> | undefined;
function loadEspeak() {
  compiled ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('espeak-ng');
    const [{ default: run }, binary] = await Promise.all([
      import('espeak-ng'),
      readFile(path.join(path.dirname(entry), 'espeak-ng.wasm')),
    ]);
    return { run, module: await WebAssembly.compile(binary) };
  })().catch((error: unknown) => {
    compiled = undefined;
    throw new SpeechError('upstream', `espeak-ng could not be loaded: ${(error as Error).message}`);
  });
  return compiled;
}

/** Renders one text with one voice to a complete WAV file. */
async function renderWav(voiceOption: LocalVoice, text: string): Promise<Uint8Array> {
  const { run, module } = await loadEspeak();
  const espeak = await run({
    // The text goes in as a file, not argv, so a leading '-' or quotes can never read as an option.
    arguments: [
      '-v',
      voiceOption.espeakVoice,
      '-p',
      String(voiceOption.pitch),
      '-s',
      String(voiceOption.speed),
      '-w',
      '/out.wav',
      '-f',
      '/in.txt',
    ],
    preRun: [(m) => m.FS.writeFile('/in.txt', text)],
    print: () => undefined,
    printErr: () => undefined,
    instantiateWasm: (imports, done) => {
      void WebAssembly.instantiate(module, imports).then((instance) => done(instance, module));
      return {};
    },
  });
  return espeak.FS.readFile('/out.wav');
}

export function createLocalSpeech(): SpeechProvider {
  const find = (request: SynthesisRequest) => {
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
      return { audio: await renderWav(chosen, request.text), mimeType: 'audio/wav' };
    },
    async *synthesizeSentences(request) {
      const chosen = find(request);
      for (const sentence of splitSentences(request.text)) {
        yield { text: sentence, audio: await renderWav(chosen, sentence), mimeType: 'audio/wav' };
      }
    },
  };
}
