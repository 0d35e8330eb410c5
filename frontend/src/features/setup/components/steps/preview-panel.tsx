import { useEffect, useRef, useState } from 'react';
import { PREVIEW_SCENARIOS, type PreviewScenario } from '@shared/personality';
import { PREVIEW_SCENARIO_LABELS } from '@shared/personality-content';
import { personalityResponse, previewVoice, type SelectedVoice } from '../../api/setup-api';
import { sanitizeVoiceText } from '../../voice-selection';
import { WIZARD_TEXT } from '../../wizard-text';
import { currentBearerToken } from '../../../../lib/api-client';
import { runtimeConfig } from '../../../../lib/runtime-config';
import { PcmPlayer } from '../../voice-stream/pcm-player';
import { streamPreview } from '../../voice-stream/stream-preview';
import { createVoiceStreamClient, type VoiceStreamClient } from '../../voice-stream/voice-stream-client';

/** How long a click waits for a socket that is still opening before the HTTP preview takes over. */
const SOCKET_OPEN_WAIT_MS = 1000;

/** 'streamed': the last preview came over the socket; 'fallback': it came over HTTP after the socket failed. */
type StreamState = 'idle' | 'streaming' | 'streamed' | 'fallback' | 'http';

/** One streaming socket while the panel is shown, when the environment has one (config.json). */
function useVoiceStreamClient() {
  const [client, setClient] = useState<VoiceStreamClient>();
  useEffect(() => {
    const url = runtimeConfig().voiceStreamUrl;
    if (!url) return;
    const created = createVoiceStreamClient({ url, getToken: currentBearerToken });
    setClient(created);
    return () => created.close();
  }, []);
  return client;
}

/**
 * Hear the assistant: the personality response for a scenario, spoken in the chosen voice. Streamed over the
 * voice socket when it is open (first words play while the rest is synthesized); otherwise, or when no audio
 * arrives within 3000 ms, or the socket fails, over HTTP without telling the owner (spec §4 "Voice").
 */
export function PreviewPanel({ userId, voice }: { userId: string; voice: SelectedVoice | undefined }) {
  const [scenario, setScenario] = useState<PreviewScenario | null>(null);
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState('');
  const [audioUrl, setAudioUrl] = useState('');
  const [error, setError] = useState('');
  const audioRef = useRef<HTMLAudioElement>(null);
  const playerRef = useRef<PcmPlayer>(undefined);
  const [streamState, setStreamState] = useState<StreamState>('idle');
  const [streamChunks, setStreamChunks] = useState(0);
  const streamClient = useVoiceStreamClient();
  useEffect(() => () => playerRef.current?.stop(), []);

  /** The spoken text over the socket; false when the HTTP preview has to play it instead. */
  const playStreamed = async (spoken: string): Promise<boolean> => {
    if (!voice || !streamClient) return false;
    const player = playerRef.current!;
    try {
      if (!(await streamClient.waitUntilOpen(SOCKET_OPEN_WAIT_MS)))
        throw new Error('WebSocket not connected');
      setStreamState('streaming');
      setStreamChunks(0);
      const streamed = await streamPreview(
        streamClient,
        { provider: voice.provider, voice_config: voice, text: sanitizeVoiceText(spoken) },
        player,
        setStreamChunks,
      );
      // The previous streamed clip is no longer reachable from the page: free it.
      setAudioUrl((previous) => {
        if (previous.startsWith('blob:')) URL.revokeObjectURL(previous);
        return URL.createObjectURL(streamed.clip);
      });
      setStreamState('streamed');
      // pcm is already playing through Web Audio; mp3 was collected and plays from the element.
      if (streamed.format === 'mp3')
        requestAnimationFrame(() => void audioRef.current?.play().catch(() => undefined));
      return true;
    } catch (caught) {
      console.warn('Voice stream unavailable, using the HTTP preview', caught);
      player.stop();
      playerRef.current = new PcmPlayer();
      setStreamState('fallback');
      return false;
    }
  };

  const play = async (next: PreviewScenario) => {
    setScenario(next);
    setBusy(true);
    setError('');
    setText('');
    // Made inside the click so the browser lets it play; replaces any preview still sounding.
    playerRef.current?.stop();
    playerRef.current = new PcmPlayer();
    try {
      const streaming = Boolean(voice && streamClient);
      // With a socket the text comes alone and is spoken by the stream; otherwise with its audio.
      const response = await personalityResponse(userId, next, streaming ? undefined : voice);
      const spoken = response.response ?? '';
      setText(spoken);
      if (streaming && spoken && (await playStreamed(spoken))) return;
      if (!streaming) setStreamState('http');
      let url = response.audio_url;
      if (!url && voice && spoken) {
        const preview = await previewVoice(voice, sanitizeVoiceText(spoken));
        if (!preview.success || !preview.audio_url) throw new Error('No audio');
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
    <div className="preview-panel" data-stream-state={streamState} data-stream-chunks={streamChunks}>
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
