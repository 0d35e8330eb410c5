import { useRef, useState } from 'react';
import { PREVIEW_SCENARIOS, type PreviewScenario } from '@shared/personality';
import { PREVIEW_SCENARIO_LABELS } from '@shared/personality-content';
import { personalityResponse, previewVoice, type SelectedVoice } from '../../api/setup-api';
import { sanitizeVoiceText } from '../../voice-selection';
import { WIZARD_TEXT } from '../../wizard-text';

/**
 * Hear the assistant: the personality response for a scenario, spoken in the chosen voice over HTTP (the
 * streaming socket is the voice issue's). Uses audio from the response when the server sends it, otherwise
 * asks the voice preview endpoint for it.
 */
export function PreviewPanel({ userId, voice }: { userId: string; voice: SelectedVoice | undefined }) {
  const [scenario, setScenario] = useState<PreviewScenario | null>(null);
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState('');
  const [audioUrl, setAudioUrl] = useState('');
  const [error, setError] = useState('');
  const audioRef = useRef<HTMLAudioElement>(null);

  const play = async (next: PreviewScenario) => {
    setScenario(next);
    setBusy(true);
    setError('');
    setText('');
    try {
      const response = await personalityResponse(userId, next, voice);
      const spoken = response.response ?? '';
      setText(spoken);
      let url = response.audio_url;
      if (!url && voice && spoken) {
        const preview = await previewVoice(voice, sanitizeVoiceText(spoken));
        if (preview.success === false || !preview.audio_url) throw new Error(preview.error ?? 'No audio');
        url = preview.audio_url;
      }
      if (url) {
        setAudioUrl(url);
        // The element re-renders with the new source first; playback may be refused without a user gesture.
        requestAnimationFrame(() => {
          void audioRef.current?.play().catch(() => undefined);
        });
      }
    } catch (caught) {
      console.error('Personality preview failed', caught);
      setError(WIZARD_TEXT.previewError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="preview-panel">
      <h3 className="panel-title">Hear your assistant</h3>
      <p className="muted">Pick a situation to hear how your assistant would handle it.</p>
      <div className="scenario-grid">
        {PREVIEW_SCENARIOS.map((id) => (
          <button
            key={id}
            type="button"
            className={`scenario-button${scenario === id ? ' active' : ''}`}
            onClick={() => void play(id)}
            disabled={busy}
          >
            ▶ {PREVIEW_SCENARIO_LABELS[id]}
          </button>
        ))}
      </div>
      {busy ? (
        <p className="muted" role="status">
          Generating response...
        </p>
      ) : null}
      {error ? (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      ) : null}
      {text ? <blockquote className="preview-text">{text}</blockquote> : null}
      <audio
        ref={audioRef}
        className="preview-audio"
        data-testid="preview-audio"
        controls
        hidden={!audioUrl}
        {...(audioUrl ? { src: audioUrl } : {})}
      />
    </div>
  );
}
