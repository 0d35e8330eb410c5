import { languageOfRelayCode } from '@shared/voice-relay';
import { LOCAL_SPEECH_PROVIDER, type SpeechProvider } from '../../providers/speech/port';
import { dualChannelWav, readWavInfo } from '../../providers/speech/wav';
import type { LocalRecordings } from './local-recordings';

/** One thing said on a recorded local call: who said it, what, and the relay's language code then. */
export type RecordedTurn = { speaker: 'caller' | 'assistant'; text: string; languageCode: string };

/** Silence between turns, as on a call where each side waits for the other. */
const TURN_GAP_MS = 400;
/** The caller's side is voiced too (the page types it): a voice unlike the assistant's default. */
const CALLER_VOICE = 'james';

/**
 * What the local telephony stand-in records a call with (docs/decisions/184-call-recordings.md): every turn
 * is spoken by espeak-ng, the caller's typed words included, and laid on two channels as Twilio's
 * dual-channel recording does (the caller first, the assistant second); the WAV is kept under its recording
 * sid. Undefined when nothing was said (Twilio's `absent`).
 */
export function createLocalCallRecorder(deps: {
  speech: Pick<SpeechProvider, 'synthesize'>;
  recordings: Pick<LocalRecordings, 'save'>;
  assistantVoice: string;
}) {
  return {
    async finish(recordingSid: string, turns: readonly RecordedTurn[]) {
      const said = turns.filter((turn) => turn.text.trim());
      if (said.length === 0) return undefined;
      const rendered = [];
      for (const turn of said) {
        const { audio } = await deps.speech.synthesize({
          provider: LOCAL_SPEECH_PROVIDER,
          voice_id: turn.speaker === 'assistant' ? deps.assistantVoice : CALLER_VOICE,
          text: turn.text,
          language: languageOfRelayCode(turn.languageCode),
        });
        rendered.push({ channel: turn.speaker === 'caller' ? (0 as const) : (1 as const), wav: audio });
      }
      const wav = dualChannelWav(rendered, TURN_GAP_MS);
      await deps.recordings.save(recordingSid, wav);
      return { durationSeconds: Math.max(1, Math.round(readWavInfo(wav).seconds)), channels: 2 };
    },
  };
}
export type LocalCallRecorder = ReturnType<typeof createLocalCallRecorder>;
