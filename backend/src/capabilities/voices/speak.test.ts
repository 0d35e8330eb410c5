import { describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logging/logger';
import { SpeechError, type SpeechProvider, LOCAL_SPEECH_OFF_IN_AWS } from '../../providers/speech/port';
import { createLocalSpeech } from '../../local/speech/local-speech';
import { speakForRoute } from './speak';

const failing = (error: Error): SpeechProvider => ({
  name: 'failing',
  listVoices: () => Promise.reject(error),
  synthesize: () => Promise.reject(error),
  synthesizeSentences: () => {
    throw error;
  },
});
const request = { provider: 'local', voice_id: 'emma', text: 'Hello.' };
const logger = createLogger(() => undefined);

describe('speakForRoute', () => {
  it('answers 503 with the text when local speech is off here (AWS)', async () => {
    const speech = createLocalSpeech({ disabledReason: LOCAL_SPEECH_OFF_IN_AWS });
    await expect(speakForRoute(speech, request, logger)).rejects.toMatchObject({
      status: 503,
      code: 'speech_unavailable',
      message: LOCAL_SPEECH_OFF_IN_AWS,
    });
  });

  it('answers 503 busy when the renderer queue is full, 400 for an unknown voice, 502 upstream', async () => {
    const busy = new SpeechError('busy', 'Speech synthesis is busy; try again in a moment');
    await expect(speakForRoute(failing(busy), request, logger)).rejects.toMatchObject({
      status: 503,
      code: 'speech_busy',
    });
    const unknown = new SpeechError('unknown_voice', 'Unknown voice: zed');
    await expect(speakForRoute(failing(unknown), request, logger)).rejects.toMatchObject({ status: 400 });
    await expect(
      speakForRoute(failing(new SpeechError('upstream', 'down')), request, logger),
    ).rejects.toMatchObject({ status: 502 });
  });
});
