import { describe, expect, it } from 'vitest';
import { PERSONALITY_PRESETS, PERSONALITY_TRAITS, PREVIEW_SCENARIOS, TRAIT_NAMES } from './personality';
import {
  PRESET_DESCRIPTIONS,
  PREVIEW_SCENARIO_LABELS,
  TRAIT_LABELS,
  TRAIT_OPTION_CONTENT,
} from './personality-content';

describe('personality content', () => {
  it('describes every option of every trait, with a distinct sample response', () => {
    for (const name of TRAIT_NAMES) {
      expect(TRAIT_LABELS[name].label).not.toBe('');
      const content = TRAIT_OPTION_CONTENT[name] as Record<
        string,
        { description: string; sampleResponse: string }
      >;
      expect(Object.keys(content).sort()).toEqual([...PERSONALITY_TRAITS[name]].sort());
      const samples = Object.values(content).map((c) => c.sampleResponse);
      expect(new Set(samples).size).toBe(samples.length);
      for (const option of Object.values(content)) {
        expect(option.description.trim().length).toBeGreaterThan(10);
        expect(option.sampleResponse.trim().length).toBeGreaterThan(10);
      }
    }
  });

  it('labels every preset and preview scenario', () => {
    expect(Object.keys(PRESET_DESCRIPTIONS).sort()).toEqual(Object.keys(PERSONALITY_PRESETS).sort());
    expect(Object.keys(PREVIEW_SCENARIO_LABELS)).toEqual([...PREVIEW_SCENARIOS]);
  });
});
