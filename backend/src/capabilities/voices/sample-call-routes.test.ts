import { describe, expect, it } from 'vitest';
import { DEMO_TRANSCRIPT, SAMPLE_CALL_PATH } from '@shared/sample-call';
import type { AppDeps } from '../../entry/app-types';
import type { SpeechProvider, SynthesisRequest } from '../../providers/speech/port';
import { createLocalSpeech, WAV_SAMPLE_RATE } from '../../local/speech/local-speech';
import { joinWavs, readWavInfo } from '../../providers/speech/wav';
import { createErrorHandler } from '../../platform/errors/error-handler';
import { createLogger } from '../../platform/logging/logger';
import { renderSampleCall, sampleCallRoutes } from './sample-call-routes';

const spokenLines = DEMO_TRANSCRIPT.filter((entry) => entry.kind === 'line');
const silentLogger = createLogger(() => {});

describe('joinWavs', () => {
  it('joins same-format WAVs with silence between them and refuses mixed formats', async () => {
    const speech = createLocalSpeech();
    const a = (await speech.synthesize({ provider: 'local', voice_id: 'emma', text: 'Hello.' })).audio;
    const b = (await speech.synthesize({ provider: 'local', voice_id: 'emma', text: 'Goodbye now.' })).audio;
    const joined = readWavInfo(joinWavs([a, b], 500));
    const total = readWavInfo(a).seconds + readWavInfo(b).seconds + 0.5;
    expect(joined).toMatchObject({ channels: 1, sampleRate: WAV_SAMPLE_RATE, bitsPerSample: 16 });
    expect(joined.seconds).toBeCloseTo(total, 2);
    const other = new Uint8Array(a);
    new DataView(other.buffer).setUint32(24, 8000, true);
    expect(() => joinWavs([a, other], 0)).toThrow('different formats');
  });
});

describe('the sample call', () => {
  it('speaks every transcript line, the assistant and the caller in different voices', async () => {
    const local = createLocalSpeech();
    const requests: SynthesisRequest[] = [];
    const recording: SpeechProvider = {
      ...local,
      listVoices: () => local.listVoices(),
      synthesize: (request) => {
        requests.push(request);
        return local.synthesize(request);
      },
    };
    const { audio, mimeType } = await renderSampleCall(recording);
    expect(mimeType).toBe('audio/wav');
    expect(requests.map((r) => r.text)).toEqual(spokenLines.map((line) => line.text));
    const assistantVoice = requests[0]!.voice_id;
    const callerVoice = requests[1]!.voice_id;
    expect(assistantVoice).not.toBe(callerVoice);
    spokenLines.forEach((line, i) =>
      expect(requests[i]!.voice_id).toBe(line.speaker === 'assistant' ? assistantVoice : callerVoice),
    );
    // A conversation of several turns, not one clip: well over ten seconds.
    expect(readWavInfo(audio).seconds).toBeGreaterThan(10);
  });

  it('is rendered once for parallel and later requests; a failure is answered 502 and not kept', async () => {
    const local = createLocalSpeech();
    let renders = 0;
    let failNext = true;
    const speech: SpeechProvider = {
      ...local,
      listVoices: () => local.listVoices(),
      synthesize: async (request) => {
        if (failNext) throw new Error('upstream down');
        renders += 1;
        return local.synthesize({ ...request, text: 'Hi.' });
      },
    };
    const app = sampleCallRoutes({ providers: { speech } as AppDeps['providers'], logger: silentLogger });
    app.onError(createErrorHandler(silentLogger));
    const failed = await app.request(SAMPLE_CALL_PATH);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ error: 'provider_error' });

    failNext = false;
    const responses = await Promise.all([1, 2, 3].map(() => app.request(SAMPLE_CALL_PATH)));
    const later = await app.request(SAMPLE_CALL_PATH);
    for (const response of [...responses, later]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=86400');
      const body = (await response.json()) as { audio_url: string; lines: number };
      expect(body.audio_url).toMatch(/^data:audio\/wav;base64,UklGR/);
      expect(body.lines).toBe(spokenLines.length);
    }
    expect(renders).toBe(spokenLines.length);
  });
});
