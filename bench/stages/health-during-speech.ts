import { freePort } from '../../scripts/local-stack/ports';
import { startTsServer } from '../children';
import { formatTable } from '../report';
import { percentile, round } from '../stats';

const GOAL_RATIO = 2;
const PREVIEW_TEXT =
  'Hello, and thank you for calling Harbor Lane Hair Studio. We are open Tuesday to Saturday, and we ' +
  'would be glad to book your next cut, colour or blow-dry.';

export type HealthDuringSpeechFigure = {
  measuredAt: string;
  samples: number;
  concurrentPreviews: number;
  idleMs: { p50: number; p95: number };
  loadedMs: { p50: number; p95: number };
  previewsRendered: number;
  ratioP95: number;
  goalRatio: number;
  method: string;
};

/** `samples` sequential GET /health, each timed; the loop sleeps 5 ms between, like a health checker. */
async function timeHealth(base: string, samples: number) {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/health`);
    if (!response.ok) throw new Error(`/health answered ${response.status}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

/**
 * `health_during_speech` (issue 16 §3): `/health` p95 while 4 voice previews render back to back ÷ idle
 * `/health` p95, same server process (bench/servers/speech-load-server.ts), idle first. Goal ≤ 2: speech
 * renders on worker threads, so the event loop keeps answering.
 */
export async function measureHealthDuringSpeech(
  settings: { samples: number; previews: number },
  log: (line: string) => void,
): Promise<HealthDuringSpeechFigure> {
  const port = await freePort();
  const server = await startTsServer('speech-load-server', 'bench/servers/speech-load-server.ts', port, {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const preview = async () => {
      const response = await fetch(`${base}/preview`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: PREVIEW_TEXT }),
      });
      if (!response.ok) throw new Error(`/preview answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    };
    log('warming up (first preview compiles espeak-ng in each thread)…');
    await Promise.all(Array.from({ length: settings.previews }, preview));
    await timeHealth(base, 50);
    log(`idle /health × ${settings.samples}…`);
    const idleMs = await timeHealth(base, settings.samples);
    log(`/health × ${settings.samples} during ${settings.previews} concurrent previews…`);
    let running = true;
    let rendered = 0;
    const loops = Array.from({ length: settings.previews }, async () => {
      while (running) {
        await preview();
        rendered++;
      }
    });
    const loadedMs = await timeHealth(base, settings.samples);
    running = false;
    await Promise.all(loops);
    return {
      measuredAt: new Date().toISOString(),
      samples: settings.samples,
      concurrentPreviews: settings.previews,
      idleMs,
      loadedMs,
      previewsRendered: rendered,
      ratioP95: round(loadedMs.p95 / idleMs.p95),
      goalRatio: GOAL_RATIO,
      method:
        'sequential GET /health (5 ms apart) on the server that renders the previews with the local speech provider; idle first, then while 4 clients request previews back to back',
    };
  } finally {
    await server.stop();
  }
}

export function formatHealthDuringSpeech(figure: HealthDuringSpeechFigure): string {
  return formatTable([
    ['health_during_speech', 'p50 ms', 'p95 ms'],
    ['/health idle', String(figure.idleMs.p50), String(figure.idleMs.p95)],
    [
      `/health, ${figure.concurrentPreviews} previews (${figure.previewsRendered} rendered)`,
      String(figure.loadedMs.p50),
      String(figure.loadedMs.p95),
    ],
    [`p95 ratio (goal ≤ ${figure.goalRatio})`, '', String(figure.ratioP95)],
  ]);
}
