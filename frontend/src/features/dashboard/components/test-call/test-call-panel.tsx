import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { HandoffData } from '@shared/voice-relay-handoff';
import { ApiClientError, currentBearerToken } from '../../../../lib/api-client';
import { runtimeConfig } from '../../../../lib/runtime-config';
import {
  createVoiceStreamClient,
  PcmPlayer,
  sanitizeVoiceText,
  streamPreview,
  type SelectedVoice,
  type VoiceStreamClient,
} from '../../../setup';
import { assistantFailureText } from '../../api/assistant-failure';
import { testCallApi } from '../../api/test-call-api';
import { openTestCall, type TestCall } from '../../test-call-client';
import './test-call.css';

type Line = { id: number; speaker: 'assistant' | 'owner' | 'system'; text: string };
type CallState = 'connecting' | 'in-call' | 'ended';

/** What the owner is told when the relay ends the call. */
function endingOf(handoff: HandoffData | undefined): string {
  if (handoff?.reasonCode === 'live-agent-handoff')
    return `On a real call the assistant would now transfer the caller to ${handoff.to}. Test calls dial no one.`;
  return 'The assistant ended the call.';
}

type SpeechRecognitionLike = {
  lang: string;
  interimResults: boolean;
  start(): void;
  addEventListener(
    type: 'result',
    listener: (event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void,
  ): void;
  addEventListener(type: 'end' | 'error', listener: () => void): void;
};
const SpeechRecognition =
  (
    globalThis as {
      SpeechRecognition?: new () => SpeechRecognitionLike;
      webkitSpeechRecognition?: new () => SpeechRecognitionLike;
    }
  ).SpeechRecognition ??
  (globalThis as { webkitSpeechRecognition?: new () => SpeechRecognitionLike }).webkitSpeechRecognition;

/**
 * The owner's in-browser test call (issue 11 §5): the same relay socket a phone call uses, opened with the
 * owner's token; replies show as a live transcript and are spoken in the owner's voice over the voice
 * stream (espeak-ng locally). The owner types or, where the browser can, speaks. Closing hangs up.
 */
export function TestCallPanel({
  userId,
  voice,
  onClose,
}: {
  userId: string;
  voice: SelectedVoice | undefined;
  onClose: () => void;
}) {
  const [state, setState] = useState<CallState>('connecting');
  const [lines, setLines] = useState<Line[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const [listening, setListening] = useState(false);
  const callRef = useRef<TestCall>(undefined);
  const nextId = useRef(0);
  const replyRef = useRef('');
  const transcriptRef = useRef<HTMLOListElement>(null);

  const add = (speaker: Line['speaker'], text: string) =>
    setLines((current) => [...current, { id: nextId.current++, speaker, text }]);

  useEffect(() => {
    let stopped = false;
    const player = new PcmPlayer();
    const streamUrl = runtimeConfig().voiceStreamUrl;
    const speechClient: VoiceStreamClient | undefined =
      streamUrl && voice
        ? createVoiceStreamClient({ url: streamUrl, getToken: currentBearerToken })
        : undefined;
    const speak = (text: string) => {
      if (!speechClient || !voice) return;
      streamPreview(
        speechClient,
        { provider: voice.provider, voice_config: voice, text: sanitizeVoiceText(text) },
        player,
      ).catch(() => undefined);
    };
    void (async () => {
      const relayUrl = runtimeConfig().voiceRelayUrl;
      const token = await currentBearerToken();
      if (!relayUrl || !token) {
        setError('Test calls are not available here.');
        setState('ended');
        return;
      }
      try {
        const started = await testCallApi.start(userId);
        if (stopped) return;
        add('assistant', started.greeting);
        speak(started.greeting);
        callRef.current = openTestCall({
          relayUrl,
          token,
          conversationId: started.conversation_id,
          handlers: {
            onToken: (token, last) => {
              replyRef.current += token;
              if (!last) return;
              const reply = replyRef.current.trim();
              replyRef.current = '';
              if (!reply) return;
              add('assistant', reply);
              speak(reply);
            },
            onEnd: (handoff) => add('system', endingOf(handoff)),
            onClose: () => setState('ended'),
          },
        });
        setState('in-call');
      } catch (caught) {
        setError(
          assistantFailureText(
            caught,
            caught instanceof ApiClientError ? caught.message : 'The call could not be started.',
          ),
        );
        setState('ended');
      }
    })();
    return () => {
      stopped = true;
      callRef.current?.hangUp();
      speechClient?.close();
      player.stop();
    };
    // One call per opening of the panel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  useEffect(() => {
    const list = transcriptRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lines]);

  const say = (text: string) => {
    const words = text.trim();
    if (!words || state !== 'in-call') return;
    add('owner', words);
    callRef.current?.say(words);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    say(draft);
    setDraft('');
  };
  const listen = () => {
    if (!SpeechRecognition) return;
    const recognition = new SpeechRecognition();
    recognition.lang = 'en-US';
    recognition.interimResults = false;
    setListening(true);
    recognition.addEventListener('result', (event) => say(event.results[0]?.[0]?.transcript ?? ''));
    recognition.addEventListener('end', () => setListening(false));
    recognition.addEventListener('error', () => setListening(false));
    recognition.start();
  };

  return (
    <section
      className="card dashboard-panel test-call"
      aria-labelledby="test-call-title"
      data-testid="test-call"
    >
      <div className="test-call-header">
        <h2 id="test-call-title">Test call</h2>
        <span className={`test-call-state test-call-${state}`} data-testid="test-call-state">
          {state === 'connecting' ? 'Calling…' : state === 'in-call' ? 'In call' : 'Call ended'}
        </span>
      </div>
      <p className="dashboard-muted">
        You are calling your assistant from this browser, over the same line a phone call uses. Speak or type.
      </p>
      <ol
        className="test-call-transcript"
        ref={transcriptRef}
        aria-live="polite"
        data-testid="test-call-transcript"
      >
        {lines.map((line) => (
          <li
            key={line.id}
            className={`test-call-line test-call-${line.speaker}`}
            data-testid={`test-call-${line.speaker}`}
          >
            {line.speaker === 'system' ? null : (
              <strong>{line.speaker === 'owner' ? 'You: ' : 'Assistant: '}</strong>
            )}
            {line.text}
          </li>
        ))}
      </ol>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      <form className="test-call-compose" onSubmit={submit}>
        <label htmlFor="test-call-input" className="sr-only">
          Say to the assistant
        </label>
        <input
          id="test-call-input"
          className="test-call-input"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Say something to your assistant"
          disabled={state !== 'in-call'}
          maxLength={2000}
        />
        <button type="submit" className="btn btn-primary" disabled={state !== 'in-call' || !draft.trim()}>
          Say
        </button>
        {SpeechRecognition ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={listen}
            disabled={state !== 'in-call' || listening}
          >
            {listening ? 'Listening…' : 'Speak'}
          </button>
        ) : null}
        <button
          type="button"
          className="btn test-call-hang-up"
          onClick={() => (state === 'ended' ? onClose() : callRef.current?.hangUp())}
        >
          {state === 'ended' ? 'Close' : 'Hang up'}
        </button>
      </form>
    </section>
  );
}
