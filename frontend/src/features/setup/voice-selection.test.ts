import { describe, expect, it } from 'vitest';
import { initialVoiceChoice, sanitizeVoiceText } from './voice-selection';

const voices = {
  female: [
    { voice_id: 'f1', display_name: 'Ava', provider: 'local' },
    { voice_id: 'f2', display_name: 'Bea', provider: 'local' },
  ],
  male: [{ voice_id: 'm1', display_name: 'Max', provider: 'local' }],
  neutral: [],
};
const noCache = { gender: null, voice: null };

describe('initialVoiceChoice', () => {
  it('defaults to the first female voice', () => {
    expect(initialVoiceChoice(voices, undefined, noCache)).toEqual({
      gender: 'female',
      voice: voices.female[0],
    });
  });

  it('restores the stored voice before the cached one', () => {
    expect(initialVoiceChoice(voices, 'm1', { gender: 'female', voice: 'f2' })?.voice.voice_id).toBe('m1');
  });

  it('uses the cached voice, then the cached gender', () => {
    expect(initialVoiceChoice(voices, undefined, { gender: null, voice: 'f2' })?.voice.voice_id).toBe('f2');
    expect(initialVoiceChoice(voices, 'gone', { gender: 'male', voice: 'gone' })).toEqual({
      gender: 'male',
      voice: voices.male[0],
    });
  });

  it('falls back to any voice when there are no female ones, and to none when empty', () => {
    expect(initialVoiceChoice({ male: voices.male }, undefined, noCache)?.gender).toBe('male');
    expect(initialVoiceChoice({}, undefined, noCache)).toBeUndefined();
  });
});

describe('sanitizeVoiceText', () => {
  it('strips < > " \' & and caps at 500 characters', () => {
    expect(sanitizeVoiceText(`Hi <b>"Tom"</b> & 'Jo'`)).toBe('Hi bTom/b  Jo');
    expect(sanitizeVoiceText('a'.repeat(600))).toHaveLength(500);
  });
});
