import { describe, expect, it } from 'vitest';
import { matchingPreset, PERSONALITY_PRESETS, withDefaultTraits } from './personality';

describe('personality rules', () => {
  it('highlights a preset only when all five traits match it exactly', () => {
    expect(matchingPreset(PERSONALITY_PRESETS.friendly.traits)).toBe('friendly');
    expect(
      matchingPreset({ ...PERSONALITY_PRESETS.friendly.traits, humor: 'Completely Serious' }),
    ).toBeUndefined();
  });

  it('fills unset or unknown traits with the efficient values', () => {
    expect(withDefaultTraits({ humor: 'Genuinely Comedic', formality: 'Shouty' })).toEqual({
      ...PERSONALITY_PRESETS.efficient.traits,
      humor: 'Genuinely Comedic',
    });
  });
});
