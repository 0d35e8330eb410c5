import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { DEMO_TRANSCRIPT, SAMPLE_CALL_PATH } from '@shared/sample-call';
import { sampleCallResponseSchema } from '@shared/schemas/sample-call';
import { VOICE_MESSAGES } from '@shared/voice-preview';
import type { VoicesDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { HttpError } from '../../platform/errors/http-error';
import type { SpeechProvider, SynthesizedAudio } from '../../providers/speech/port';
import { joinWavs } from '../../providers/speech/wav';
import { errorResponses, jsonContent } from '../../platform/http/openapi-helpers';
import { audioDataUrl } from './speak';

/** Silence between turns, so the two voices do not run into each other. */
const TURN_GAP_MS = 450;

/**
 * Renders the landing page's sample call: the assistant's lines in the catalogue's first female voice, the
 * caller's in its first male one (or the assistant's voice when there is none), joined into one file.
 */
export async function renderSampleCall(speech: SpeechProvider): Promise<SynthesizedAudio> {
  const voices = await speech.listVoices();
  const assistant = voices.female[0] ?? voices.neutral[0] ?? voices.male[0];
  const caller = voices.male[0] ?? assistant;
  if (!assistant || !caller) throw new Error('The speech provider offers no voice');
  const lines = DEMO_TRANSCRIPT.flatMap((entry) => (entry.kind === 'line' ? [entry] : []));
  const clips = await Promise.all(
    lines.map((line) => {
      const voice = line.speaker === 'assistant' ? assistant : caller;
      return speech.synthesize({ provider: voice.provider, voice_id: voice.voice_id, text: line.text });
    }),
  );
  const mimeType = clips[0]!.mimeType;
  if (clips.some((clip) => clip.mimeType !== mimeType)) throw new Error('Mixed audio formats');
  if (mimeType === 'audio/wav')
    return {
      mimeType,
      audio: joinWavs(
        clips.map((c) => c.audio),
        TURN_GAP_MS,
      ),
    };
  // MP3 is a stream of self-contained frames: files played back to back are one file.
  const audio = new Uint8Array(clips.reduce((sum, clip) => sum + clip.audio.length, 0));
  clips.reduce((offset, clip) => (audio.set(clip.audio, offset), offset + clip.audio.length), 0);
  return { mimeType, audio };
}

const sampleCallRoute = createRoute({
  method: 'get',
  path: SAMPLE_CALL_PATH,
  tags: ['landing'],
  summary: "The landing page's sample call, spoken by the speech provider",
  responses: {
    200: jsonContent(sampleCallResponseSchema, 'The whole call as a data: URL'),
    502: jsonContent(errorResponses[500].content['application/json'].schema, 'Speech provider failed'),
  },
});

/**
 * Public: the landing page is. Rendering costs speech-provider calls, so it happens once per server instance
 * (the transcript is fixed; parallel first requests share one rendering) and a failure is not cached.
 */
export function sampleCallRoutes({ providers, logger }: Pick<VoicesDeps, 'providers' | 'logger'>) {
  let rendering: Promise<{ audio_url: string; lines: number }> | undefined;
  const sampleCall = () => {
    rendering ??= renderSampleCall(providers.speech).then(
      ({ audio, mimeType }) => ({
        audio_url: audioDataUrl(audio, mimeType),
        lines: DEMO_TRANSCRIPT.filter((entry) => entry.kind === 'line').length,
      }),
      (error: unknown) => {
        rendering = undefined;
        throw error;
      },
    );
    return rendering;
  };
  return new OpenAPIHono<AppEnv>().openapi(sampleCallRoute, async (c) => {
    try {
      const body = await sampleCall();
      c.header('Cache-Control', 'public, max-age=86400');
      return c.json(body, 200);
    } catch (error) {
      logger.error('Sample call rendering failed', { error: String(error) });
      throw new HttpError(502, 'provider_error', VOICE_MESSAGES.previewFailed);
    }
  });
}
