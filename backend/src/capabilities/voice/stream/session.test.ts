import { describe, expect, it } from 'vitest';
import type { VoiceStreamServerMessage } from '@shared/schemas/voice-stream';
import { VOICE_STREAM } from '@shared/voice-stream';
import { createLogger } from '../../../platform/logging/logger';
import { SpeechError, type SpeechProvider } from '../../../providers/speech/port';
import { createVoiceStreamSession, streamingParts } from './session';

/** 16-bit mono WAV of `samples` samples, each sample = the sentence's length (so tests can tell them apart). */
function fakeWav(samples: number, value: number) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(22050, 24);
  header.writeUInt32LE(44100, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples * 2, 40);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(value, i * 2);
  return new Uint8Array(Buffer.concat([header, pcm]));
}

/** A speech provider that records what it was asked and answers a WAV per call (or fails). */
function fakeSpeech(options: { mimeType?: string; failWith?: Error; gate?: Promise<void> } = {}) {
  const spoken: string[] = [];
  const speech: SpeechProvider = {
    name: 'fake',
    listVoices: () => Promise.reject(new Error('unused')),
    async synthesize(request) {
      if (options.failWith) throw options.failWith;
      spoken.push(request.text);
      await options.gate;
      const audio =
        options.mimeType === 'audio/mpeg'
          ? new Uint8Array(Buffer.from(`mp3:${request.text}`))
          : fakeWav(10_000, request.text.length);
      return { audio, mimeType: options.mimeType ?? 'audio/wav' };
    },
    synthesizeSentences: () => {
      throw new Error('the stream renders in two parts, not per sentence');
    },
  };
  return { speech, spoken };
}

function setup(speech: SpeechProvider, allow = () => true) {
  const sent: VoiceStreamServerMessage[] = [];
  const hits: string[] = [];
  const session = createVoiceStreamSession(
    {
      speech,
      rateLimiter: { hit: async (key) => (hits.push(key), allow()) },
      logger: createLogger(() => undefined),
    },
    { connectionId: 'c1', send: async (message) => void sent.push(message) },
  );
  return { session, sent, hits };
}

const request = (text: string, stream_id = 's1') =>
  JSON.stringify({
    action: 'stream_voice',
    provider: 'local',
    voice_config: { voice_id: 'emma' },
    text,
    stream_id,
  });

it('renders the first sentence alone and the rest in one part', () => {
  expect(streamingParts('One. Two! Three?')).toEqual(['One.', 'Two! Three?']);
  expect(streamingParts('Just one')).toEqual(['Just one', undefined]);
});

describe('voice stream session', () => {
  it('answers stream_start, pcm chunks in order, stream_complete with the audio length', async () => {
    const { speech, spoken } = fakeSpeech();
    const { session, sent, hits } = setup(speech);
    await session.handleMessage(request('Hello <there>. How are "you"?'));
    expect(spoken).toEqual(['Hello there.', 'How are you?']);
    expect(hits).toEqual(['voicestream#c1']);
    expect(sent[0]).toEqual({ type: 'stream_start', stream_id: 's1' });
    const chunks = sent.filter((m) => m.type === 'audio_chunk');
    // 20 000 bytes per sentence → 16 KiB + rest, twice.
    expect(chunks.map((c) => c.sequence)).toEqual([0, 1, 2, 3]);
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ format: 'pcm', sample_rate: 22050, channels: 1 });
      expect(Buffer.from(chunk.audio, 'base64').length).toBeLessThanOrEqual(VOICE_STREAM.maxChunkBytes);
    }
    const samples = chunks.flatMap((c) => {
      const bytes = Buffer.from(c.audio, 'base64');
      return Array.from({ length: bytes.length / 2 }, (_, i) => bytes.readInt16LE(i * 2));
    });
    expect(samples).toHaveLength(20_000);
    expect(samples[0]).toBe('Hello there.'.length);
    expect(samples[19_999]).toBe('How are you?'.length);
    expect(sent.at(-1)).toEqual({
      type: 'stream_complete',
      stream_id: 's1',
      chunks: 4,
      duration_seconds: 20_000 / 22050,
    });
  });

  it('passes mp3 through as mp3 chunks', async () => {
    const { session, sent } = setup(fakeSpeech({ mimeType: 'audio/mpeg' }).speech);
    await session.handleMessage(request('One. Two.'));
    const chunks = sent.filter((m) => m.type === 'audio_chunk');
    expect(chunks.map((c) => [c.format, Buffer.from(c.audio, 'base64').toString()])).toEqual([
      ['mp3', 'mp3:One.'],
      ['mp3', 'mp3:Two.'],
    ]);
    expect(sent.at(-1)).toEqual({ type: 'stream_complete', stream_id: 's1', chunks: 2 });
  });

  it('refuses text over 500 characters after stripping, with the spec text, and speaks nothing', async () => {
    const { speech, spoken } = fakeSpeech();
    const { session, sent } = setup(speech);
    await session.handleMessage(request(`${'a'.repeat(500)}<>"'&`));
    expect(spoken).toHaveLength(1);
    spoken.length = 0;
    sent.length = 0;
    await session.handleMessage(request('a'.repeat(501)));
    expect(sent).toEqual([{ type: 'error', stream_id: 's1', message: 'Text too long (max 500 characters)' }]);
    expect(spoken).toEqual([]);
  });

  it('answers malformed messages with an error and keeps working', async () => {
    const { session, sent } = setup(fakeSpeech().speech);
    await session.handleMessage('not json');
    await session.handleMessage(JSON.stringify({ action: 'dance', stream_id: 'x' }));
    await session.handleMessage(
      JSON.stringify({ action: 'stream_voice', provider: 'local', text: 'Hi.', stream_id: 'y' }),
    );
    expect(sent).toEqual([
      { type: 'error', message: 'Invalid message' },
      { type: 'error', stream_id: 'x', message: expect.stringMatching(/^Invalid message: action: /) },
      { type: 'error', stream_id: 'y', message: expect.stringMatching(/^Invalid message: voice_config: /) },
    ]);
    await session.handleMessage(request('Hi.'));
    expect(sent.at(-1)).toMatchObject({ type: 'stream_complete' });
  });

  it('refuses a stream when the connection has spent its rate limit', async () => {
    const { session, sent } = setup(fakeSpeech().speech, () => false);
    await session.handleMessage(request('Hi.'));
    expect(sent).toEqual([
      {
        type: 'error',
        stream_id: 's1',
        message: 'Too many voice streams. Please wait a moment and try again',
      },
    ]);
  });

  it('keeps concurrent streams apart and refuses a stream_id that is already running', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { session, sent } = setup(fakeSpeech({ gate }).speech);
    const first = session.handleMessage(request('First one. Again.', 'a'));
    const second = session.handleMessage(request('Second.', 'b'));
    await session.handleMessage(request('Dup.', 'a'));
    open();
    await Promise.all([first, second]);
    expect(sent).toContainEqual({ type: 'error', stream_id: 'a', message: 'Stream a is already running' });
    const samplesOf = (id: string) =>
      sent
        .filter((m) => m.type === 'audio_chunk' && m.stream_id === id)
        .map((m) => Buffer.from((m as { audio: string }).audio, 'base64').readInt16LE(0));
    expect(new Set(samplesOf('a'))).toEqual(new Set(['First one.'.length, 'Again.'.length]));
    expect(new Set(samplesOf('b'))).toEqual(new Set(['Second.'.length]));
    expect(
      sent
        .filter((m) => m.type === 'stream_complete')
        .map((m) => m.stream_id)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('reports unknown voices with their message and provider failures with the spec text', async () => {
    const unknown = setup(
      fakeSpeech({ failWith: new SpeechError('unknown_voice', 'Unknown voice: zed') }).speech,
    );
    await unknown.session.handleMessage(request('Hi.'));
    expect(unknown.sent.at(-1)).toEqual({ type: 'error', stream_id: 's1', message: 'Unknown voice: zed' });
    const broken = setup(fakeSpeech({ failWith: new Error('boom') }).speech);
    await broken.session.handleMessage(request('Hi.'));
    expect(broken.sent).toEqual([
      { type: 'stream_start', stream_id: 's1' },
      { type: 'error', stream_id: 's1', message: 'Error generating response' },
    ]);
  });

  it('stops streaming when the client is gone, without throwing', async () => {
    const { speech, spoken } = fakeSpeech();
    const session = createVoiceStreamSession(
      { speech, rateLimiter: { hit: async () => true }, logger: createLogger(() => undefined) },
      { connectionId: 'c1', send: () => Promise.reject(new Error('gone')) },
    );
    await expect(session.handleMessage(request('One. Two. Three.'))).resolves.toBeUndefined();
    expect(spoken).toEqual([]);
  });
});
