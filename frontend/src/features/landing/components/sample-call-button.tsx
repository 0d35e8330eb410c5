import { useEffect, useRef, useState } from 'react';

type State = 'idle' | 'loading' | 'playing' | 'paused' | 'error';

const LABELS: Record<State, string> = {
  idle: 'Hear a sample call',
  loading: 'Loading the sample call…',
  playing: 'Pause the sample call',
  paused: 'Resume the sample call',
  error: 'Sample call unavailable, try again',
};

/**
 * "Hear a sample call": plays the #demo conversation as the speech provider renders it (the API renders it
 * once and caches it), and toggles pause. The transcript below the hero follows along as text.
 */
export function SampleCallButton({ className }: { className: string }) {
  const [state, setState] = useState<State>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => () => audio.current?.pause(), []);

  const play = async () => {
    if (audio.current) {
      if (audio.current.paused) await audio.current.play();
      else audio.current.pause();
      return;
    }
    setState('loading');
    try {
      // The API client loads on the first click: the landing page renders without it (bench `landing_js`).
      const { landingApi } = await import('../api/landing-api');
      const { audio_url: url } = await landingApi.sampleCall();
      const player = new Audio(url);
      player.addEventListener('playing', () => setState('playing'));
      player.addEventListener('pause', () => setState(player.ended ? 'idle' : 'paused'));
      player.addEventListener('ended', () => setState('idle'));
      audio.current = player;
      await player.play();
      document.getElementById('demo')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    } catch (error) {
      console.warn('The sample call could not play', error);
      audio.current = null;
      setState('error');
    }
  };

  return (
    <button
      type="button"
      className={className}
      data-testid="sample-call-button"
      data-state={state}
      aria-pressed={state === 'playing'}
      disabled={state === 'loading'}
      onClick={() => void play()}
    >
      {LABELS[state]}
    </button>
  );
}
