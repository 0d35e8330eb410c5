import { VOICE_MESSAGES, VOICE_TEXT_MAX_LENGTH } from '@shared/voice-preview';
import { badRequest, HttpError } from '../../platform/errors/http-error';
import type { Logger } from '../../platform/logging/logger';
import {
  SpeechError,
  splitSentences,
  type SpeechProvider,
  type SynthesisRequest,
} from '../../providers/speech/port';

/** A whole clip as a data: URL: the browser plays it directly and nothing has to be stored or expired. */
export const audioDataUrl = (audio: Uint8Array, mimeType: string) =>
  `data:${mimeType};base64,${Buffer.from(audio).toString('base64')}`;

/**
 * Synthesizes for a route: an unknown voice is the caller's 400; a busy local renderer or local speech being
 * off here a 503 with its own text; an upstream failure a 502 with spec text.
 */
export async function speakForRoute(speech: SpeechProvider, request: SynthesisRequest, logger: Logger) {
  try {
    const { audio, mimeType } = await speech.synthesize(request);
    return audioDataUrl(audio, mimeType);
  } catch (error) {
    if (error instanceof SpeechError && (error.code === 'busy' || error.code === 'unavailable')) {
      throw new HttpError(503, error.code === 'busy' ? 'speech_busy' : 'speech_unavailable', error.message);
    }
    if (error instanceof SpeechError && error.code !== 'upstream') throw badRequest(error.message);
    logger.error('Speech synthesis failed', { provider: request.provider, error: String(error) });
    throw new HttpError(502, 'provider_error', VOICE_MESSAGES.previewFailed);
  }
}

/** Whole sentences up to the spoken-text limit, so a long preview ends on a full stop, not mid-word. */
export function clipForSpeech(text: string, max = VOICE_TEXT_MAX_LENGTH): string {
  let clipped = '';
  for (const sentence of splitSentences(text)) {
    const next = clipped ? `${clipped} ${sentence}` : sentence;
    if (next.length > max) break;
    clipped = next;
  }
  return clipped || text.slice(0, max);
}
