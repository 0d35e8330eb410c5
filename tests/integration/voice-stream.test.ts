import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { VoiceStreamServerMessage } from '../../shared/schemas/voice-stream';
import { VOICE_STREAM } from '../../shared/voice-stream';
import { readWavInfo } from '../../backend/src/providers/speech/wav';
import {
  attachVoiceStreamServer,
  UNAUTHORIZED_CLOSE_CODE,
} from '../../backend/src/local/api-gateway/local-socket-server';
import { createTestTokenIssuer } from '../support/signed-tokens';
import { createTestApp } from '../support/test-app';

/**
 * The streaming socket's protocol over a real local WebSocket: the backend's `ws` transport on a Node HTTP
 * server, the real token verifier (with a key set of our own so expired tokens can be minted), real
 * espeak-ng speech and the real rate limiter on DynamoDB Local.
 */
const issuer = await createTestTokenIssuer();
const token = issuer.token;

type Client = {
  socket: WebSocket;
  messages: VoiceStreamServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
};

let url: string;
let server: http.Server;
let stopSockets: () => void;
let speech: Awaited<ReturnType<typeof createTestApp>>['deps']['providers']['speech'];

beforeAll(async () => {
  const { deps } = await createTestApp();
  speech = deps.providers.speech;
  server = http.createServer((_, res) => res.writeHead(404).end());
  stopSockets = attachVoiceStreamServer(server, {
    speech,
    rateLimiter: deps.rateLimiter,
    logger: deps.logger,
    verifyToken: issuer.verifyToken,
  }).close;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
});
afterAll(() => {
  stopSockets();
  server.close();
});

function connect(query: string): Promise<Client> {
  const socket = new WebSocket(`${url}${query}`);
  const messages: VoiceStreamServerMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as VoiceStreamServerMessage));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('error', reject);
  });
}

const streamVoice = (client: Client, text: string, stream_id: string) =>
  client.socket.send(
    JSON.stringify({
      action: 'stream_voice',
      provider: 'local',
      voice_config: { voice_id: 'emma' },
      text,
      stream_id,
    }),
  );

/** Resolves with the stream's messages once it completes or fails. */
async function finished(client: Client, streamId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const own = client.messages.filter((m) => 'stream_id' in m && m.stream_id === streamId);
    if (own.some((m) => m.type === 'stream_complete' || m.type === 'error')) return own;
    if (Date.now() > deadline) throw new Error(`stream ${streamId} did not finish: ${JSON.stringify(own)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const pcmOf = (messages: VoiceStreamServerMessage[]) =>
  Buffer.concat(messages.flatMap((m) => (m.type === 'audio_chunk' ? [Buffer.from(m.audio, 'base64')] : [])));

describe('voice streaming socket (local ws transport)', () => {
  it.each([
    ['missing', '', 'Invalid authentication token format'],
    ['malformed', '?token=abc.def', 'Invalid authentication token format'],
    ['expired', 'expired', 'Authentication token expired'],
  ])('refuses a %s token with the spec text', async (_, query, message) => {
    const client = await connect(query === 'expired' ? `?token=${await token(-60)}` : query);
    const { code, reason } = await client.closed;
    expect(code).toBe(UNAUTHORIZED_CLOSE_CODE);
    expect(reason).toBe(message);
    expect(client.messages).toEqual([{ type: 'error', message }]);
  });

  it('refuses a token signed by someone else', async () => {
    const forged = await issuer.forged();
    const client = await connect(`?token=${forged}`);
    expect((await client.closed).code).toBe(UNAUTHORIZED_CLOSE_CODE);
    expect(client.messages).toHaveLength(1);
  });

  it('refuses text over 500 characters with the spec text', async () => {
    const client = await connect(`?token=${await token(3600)}`);
    streamVoice(client, 'a'.repeat(501), 'long');
    expect(await finished(client, 'long')).toEqual([
      { type: 'error', stream_id: 'long', message: 'Text too long (max 500 characters)' },
    ]);
    client.socket.close();
  });

  it('streams valid 22050 Hz PCM whose length matches a whole-text synthesis', async () => {
    const client = await connect(`?token=${await token(3600)}`);
    const text =
      'Thank you for calling Bright Smile Dental. Our office is open from nine to five. How can I help you today?';
    streamVoice(client, text, 'one');
    const messages = await finished(client, 'one');
    expect(messages[0]).toEqual({ type: 'stream_start', stream_id: 'one' });
    const chunks = messages.filter((m) => m.type === 'audio_chunk');
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.map((c) => c.sequence)).toEqual(chunks.map((_, i) => i));
    for (const chunk of chunks)
      expect(chunk).toMatchObject({ format: 'pcm', sample_rate: 22050, channels: 1 });
    const pcm = pcmOf(messages);
    expect(pcm.length % 2).toBe(0);
    // Real speech, not silence: a clear share of samples is loud.
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
    expect(samples.filter((s) => Math.abs(s) > 1000).length / samples.length).toBeGreaterThan(0.1);
    const streamedSeconds = samples.length / 22050;
    const complete = messages.at(-1)!;
    expect(complete).toMatchObject({ type: 'stream_complete', stream_id: 'one', chunks: chunks.length });
    expect((complete as { duration_seconds: number }).duration_seconds).toBeCloseTo(streamedSeconds, 5);
    const whole = readWavInfo((await speech.synthesize({ provider: 'local', voice_id: 'emma', text })).audio);
    // Per-sentence rendering adds a short pause at each sentence end: within 15 %.
    expect(Math.abs(streamedSeconds - whole.seconds) / whole.seconds).toBeLessThan(0.15);
    client.socket.close();
  });

  it('keeps two concurrent streams on one connection apart', async () => {
    const client = await connect(`?token=${await token(3600)}`);
    const long = 'We are open Monday to Friday. Weekends we rest. Call again tomorrow please.';
    const short = 'Goodbye!';
    streamVoice(client, long, 'A');
    streamVoice(client, short, 'B');
    const [a, b] = await Promise.all([finished(client, 'A'), finished(client, 'B')]);
    // Each stream carries exactly the audio its text gives alone (espeak-ng's samples vary slightly from
    // run to run, its length does not): nothing of the other stream leaked in.
    const solo = await connect(`?token=${await token(3600)}`);
    streamVoice(solo, long, 'soloA');
    streamVoice(solo, short, 'soloB');
    const [soloA, soloB] = [await finished(solo, 'soloA'), await finished(solo, 'soloB')];
    expect(pcmOf(a).length).toBe(pcmOf(soloA).length);
    expect(pcmOf(b).length).toBe(pcmOf(soloB).length);
    for (const stream of [a, b]) {
      const sequences = stream.flatMap((m) => (m.type === 'audio_chunk' ? [m.sequence] : []));
      expect(sequences).toEqual(sequences.map((_, i) => i));
      expect(stream.at(-1)).toMatchObject({ type: 'stream_complete', chunks: sequences.length });
    }
    expect(pcmOf(b).length).toBeLessThan(pcmOf(a).length / 2);
    client.socket.close();
    solo.socket.close();
  });

  it('rate limits streams per connection', async () => {
    const client = await connect(`?token=${await token(3600)}`);
    const { streams } = VOICE_STREAM.rateLimit;
    // Twice the limit + 1 streams: even if a window boundary falls inside, some must be refused.
    const outcomes: string[] = [];
    // In threes (the per-connection concurrency cap) to keep the test short.
    for (let i = 0; i <= streams * 2; i += 3) {
      const ids = [i, i + 1, i + 2].filter((n) => n <= streams * 2).map((n) => `r${n}`);
      for (const id of ids) streamVoice(client, 'Hi.', id);
      for (const id of ids) {
        const end = (await finished(client, id)).at(-1)!;
        outcomes.push(end.type === 'error' ? end.message : end.type);
      }
    }
    expect(outcomes).toHaveLength(streams * 2 + 1);
    const refused = outcomes.filter(
      (o) => o === 'Too many voice streams. Please wait a moment and try again',
    );
    expect(refused.length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o === 'stream_complete').length).toBeGreaterThanOrEqual(streams);
    expect(refused.length + outcomes.filter((o) => o === 'stream_complete').length).toBe(outcomes.length);
    // A fresh connection has its own allowance.
    const fresh = await connect(`?token=${await token(3600)}`);
    streamVoice(fresh, 'Hi.', 'fresh');
    expect((await finished(fresh, 'fresh')).at(-1)?.type).toBe('stream_complete');
    client.socket.close();
    fresh.socket.close();
  });
});
