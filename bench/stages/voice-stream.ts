import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { VoiceStreamServerMessage } from '../../shared/schemas/voice-stream';
import { createLogger } from '../../backend/src/platform/logging/logger';
import { createLocalSpeech } from '../../backend/src/local/speech/local-speech';
import { readWavInfo } from '../../backend/src/providers/speech/wav';
import { attachVoiceStreamServer } from '../../backend/src/local/api-gateway/local-socket-server';
import { createTestTokenIssuer } from '../../tests/support/signed-tokens';
import { formatTable } from '../report';
import { median, percentile, round } from '../stats';

/** Exactly 200 characters in four sentences, like a personality preview. */
export const BENCH_TEXT =
  'Thank you for calling Bright Smile Dental, this is Ava speaking. We are open from nine to five on weekdays. ' +
  'I can book a cleaning or a checkup for you today. Which day suits you best this week, Sammy?';

export type VoiceStreamFigure = {
  measuredAt: string;
  transport: string;
  voice: string;
  textChars: number;
  streams: number;
  firstChunkMs: { p50: number; p99: number };
  completeMs: { p50: number; p99: number };
  chunksPerStream: number;
  audioSeconds: number;
  /** Audio seconds / wall seconds, streamed (request → stream_complete) and whole-text synthesis. */
  realTimeFactor: { streamed: number; wholeText: number };
  method: string;
};

type Sample = { firstChunkMs: number; completeMs: number; chunks: number; audioSeconds: number };

export async function measureVoiceStream(
  settings: { streams: number },
  log: (line: string) => void,
): Promise<VoiceStreamFigure> {
  if (BENCH_TEXT.length !== 200) throw new Error(`bench text is ${BENCH_TEXT.length} characters, not 200`);
  const speech = createLocalSpeech();
  const issuer = await createTestTokenIssuer();
  const server = http.createServer();
  const sockets = attachVoiceStreamServer(server, {
    speech,
    // The figure is about synthesis and the socket, so a limiter that allows all stands in for DynamoDB.
    rateLimiter: { hit: async () => true },
    logger: createLogger(() => undefined),
    verifyToken: issuer.verifyToken,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const client = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${await issuer.token(3600)}`);
  try {
    await new Promise((resolve, reject) => {
      client.once('open', resolve);
      client.once('error', reject);
    });
    let onMessage: (message: VoiceStreamServerMessage) => void = () => undefined;
    client.on('message', (data) => onMessage(JSON.parse(data.toString()) as VoiceStreamServerMessage));

    const once = (streamId: string) =>
      new Promise<Sample>((resolve, reject) => {
        const started = performance.now();
        let firstChunkMs: number | undefined;
        let chunks = 0;
        onMessage = (message) => {
          if (!('stream_id' in message) || message.stream_id !== streamId) return;
          if (message.type === 'audio_chunk') {
            firstChunkMs ??= performance.now() - started;
            chunks++;
          } else if (message.type === 'stream_complete') {
            resolve({
              firstChunkMs: firstChunkMs ?? NaN,
              completeMs: performance.now() - started,
              chunks,
              audioSeconds: message.duration_seconds ?? 0,
            });
          } else if (message.type === 'error') reject(new Error(message.message));
        };
        client.send(
          JSON.stringify({
            action: 'stream_voice',
            provider: 'local',
            voice_config: { voice_id: 'emma' },
            text: BENCH_TEXT,
            stream_id: streamId,
          }),
        );
      });

    log('warm-up (espeak-ng WASM compile)…');
    await once('warmup');
    const samples: Sample[] = [];
    for (let i = 0; i < settings.streams; i++) samples.push(await once(`s${i}`));
    log(`${samples.length} streams done`);

    const wholeRuns: number[] = [];
    let wholeAudioSeconds = 0;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const { audio } = await speech.synthesize({ provider: 'local', voice_id: 'emma', text: BENCH_TEXT });
      wholeRuns.push((performance.now() - started) / 1000);
      wholeAudioSeconds = readWavInfo(audio).seconds;
    }

    const sorted = (pick: (s: Sample) => number) => samples.map(pick).sort((a, b) => a - b);
    const first = sorted((s) => s.firstChunkMs);
    const complete = sorted((s) => s.completeMs);
    const audioSeconds = median(samples.map((s) => s.audioSeconds));
    return {
      measuredAt: new Date().toISOString(),
      transport: 'local ws server (backend/src/local/api-gateway/local-socket-server.ts), one connection',
      voice: 'local espeak-ng WASM, emma',
      textChars: BENCH_TEXT.length,
      streams: samples.length,
      firstChunkMs: { p50: round(percentile(first, 50)), p99: round(percentile(first, 99)) },
      completeMs: { p50: round(percentile(complete, 50)), p99: round(percentile(complete, 99)) },
      chunksPerStream: median(samples.map((s) => s.chunks)),
      audioSeconds: round(audioSeconds, 3),
      realTimeFactor: {
        streamed: round(audioSeconds / (percentile(complete, 50) / 1000), 1),
        wholeText: round(wholeAudioSeconds / median(wholeRuns), 1),
      },
      method:
        'Sequential stream_voice requests for a 200-character text over one real local WebSocket after one ' +
        'warm-up; times from send to the first audio_chunk and to stream_complete on the client. Real-time ' +
        'factor = audio seconds / wall seconds (streamed: median stream; whole text: median of 5 synthesize calls).',
    };
  } finally {
    client.close();
    sockets.close();
    server.close();
  }
}

export function formatVoiceStream(figure: VoiceStreamFigure): string {
  return [
    `Voice stream  ${figure.textChars} characters × ${figure.streams} streams, ${figure.voice}`,
    formatTable([
      ['', 'p50', 'p99'],
      ['first audio chunk', `${figure.firstChunkMs.p50} ms`, `${figure.firstChunkMs.p99} ms`],
      ['stream_complete', `${figure.completeMs.p50} ms`, `${figure.completeMs.p99} ms`],
    ]),
    `audio ${figure.audioSeconds} s in ${figure.chunksPerStream} chunks; real-time factor ` +
      `${figure.realTimeFactor.streamed}× streamed, ${figure.realTimeFactor.wholeText}× whole text`,
  ].join('\n');
}
