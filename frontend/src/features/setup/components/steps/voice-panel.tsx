import type { Voice, VoiceGender, VoicesByGender } from '../../api/setup-api';
import { GENDER_LABELS, GENDER_ORDER } from '../../voice-selection';
import { WIZARD_TEXT } from '../../wizard-text';

/** Voice gender and the voices of that gender (spec §4 "Voice"). */
export function VoicePanel({
  voices,
  loading,
  failed,
  onRetry,
  gender,
  voiceId,
  onGender,
  onVoice,
}: {
  voices: VoicesByGender | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  gender: VoiceGender | undefined;
  voiceId: string | undefined;
  onGender: (gender: VoiceGender) => void;
  onVoice: (voice: Voice) => void;
}) {
  return (
    <div className="voice-panel">
      <h3 className="panel-title">Voice</h3>
      {loading ? <p className="muted">Loading voices...</p> : null}
      {failed ? (
        <div className="alert alert-error voice-error" role="alert">
          <span>{WIZARD_TEXT.voicesFailed}</span>
          <button type="button" className="btn btn-secondary" onClick={onRetry}>
            {WIZARD_TEXT.tryAgain}
          </button>
        </div>
      ) : null}
      {voices ? (
        <>
          <div className="segmented" role="radiogroup" aria-label="Voice gender">
            {GENDER_ORDER.filter((g) => voices[g]?.length).map((g) => (
              <button
                key={g}
                type="button"
                role="radio"
                aria-checked={gender === g}
                className={gender === g ? 'active' : ''}
                onClick={() => onGender(g)}
              >
                {GENDER_LABELS[g]}
              </button>
            ))}
          </div>
          <div className="voice-list" role="radiogroup" aria-label="Voice">
            {(gender ? (voices[gender] ?? []) : []).map((voice) => (
              <button
                key={voice.voice_id}
                type="button"
                role="radio"
                aria-checked={voice.voice_id === voiceId}
                className={`voice-option${voice.voice_id === voiceId ? ' active' : ''}`}
                onClick={() => onVoice(voice)}
              >
                <span className="voice-dot" aria-hidden="true" />
                {voice.display_name}
              </button>
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
