import { describe, expect, it } from 'vitest';
import { SpeechError, splitSentences, VOICE_GENDERS } from '../../providers/speech/port';
import { createLocalSpeech, WAV_SAMPLE_RATE } from './local-speech';
import { readWavInfo } from '../../providers/speech/wav';

const speech = createLocalSpeech();
const say = (voice_id: string, text: string) => speech.synthesize({ provider: 'local', voice_id, text });

describe('local speech (espeak-ng)', () => {
  it('offers distinct voices for every gender', async () => {
    const voices = await speech.listVoices();
    for (const gender of VOICE_GENDERS) {
      expect(voices[gender].length, gender).toBeGreaterThan(0);
      for (const voice of voices[gender]) expect(voice).toMatchObject({ provider: 'local', gender });
    }
    const ids = VOICE_GENDERS.flatMap((g) => voices[g].map((v) => v.voice_id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('renders 16-bit mono WAV at 22050 Hz whose duration grows with the text', async () => {
    const short = await say('emma', 'Hello.');
    const long = await say(
      'emma',
      'Hello, and thank you for calling Bella Vista Hair Studio. How can I help you today?',
    );
    expect(short.mimeType).toBe('audio/wav');
    const shortInfo = readWavInfo(short.audio);
    const longInfo = readWavInfo(long.audio);
    expect(shortInfo).toMatchObject({ channels: 1, sampleRate: WAV_SAMPLE_RATE, bitsPerSample: 16 });
    expect(shortInfo.seconds).toBeGreaterThan(0.2);
    expect(longInfo.seconds).toBeGreaterThan(shortInfo.seconds * 3);
  });

  it('sounds different per voice and reads option-like text as words', async () => {
    const text = 'Thanks for calling.';
    const [female, male, neutral] = await Promise.all([
      say('emma', text),
      say('james', text),
      say('sam', text),
    ]);
    expect(Buffer.from(female.audio).equals(Buffer.from(male.audio))).toBe(false);
    expect(Buffer.from(male.audio).equals(Buffer.from(neutral.audio))).toBe(false);
    // A text starting with '-' would be a CLI option if passed as an argument.
    expect(readWavInfo((await say('james', '-v is not an option here.')).audio).seconds).toBeGreaterThan(0.5);
  });

  it('refuses unknown voices and providers', async () => {
    await expect(say('nobody', 'Hi.')).rejects.toMatchObject({ code: 'unknown_voice' });
    await expect(
      speech.synthesize({ provider: 'openai', voice_id: 'emma', text: 'Hi.' }),
    ).rejects.toBeInstanceOf(SpeechError);
  });

  it('streams one playable WAV per sentence, in order', async () => {
    const chunks = [];
    for await (const chunk of speech.synthesizeSentences({
      provider: 'local',
      voice_id: 'grace',
      text: 'We are open today. Would you like to book?',
    })) {
      chunks.push(chunk);
    }
    expect(chunks.map((c) => c.text)).toEqual(['We are open today.', 'Would you like to book?']);
    for (const chunk of chunks) expect(readWavInfo(chunk.audio).seconds).toBeGreaterThan(0.3);
  });
});

describe('splitSentences', () => {
  it('keeps punctuation with its sentence and a trailing fragment', () => {
    expect(splitSentences('Hi there! Open 9 to 5. "Really?" yes')).toEqual([
      'Hi there!',
      'Open 9 to 5.',
      '"Really?"',
      'yes',
    ]);
    expect(splitSentences('   ')).toEqual([]);
  });
});
