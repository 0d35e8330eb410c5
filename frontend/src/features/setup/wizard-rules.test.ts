import { describe, expect, it } from 'vitest';
import { isDotEnabled, mainButtonLabel, stepLabel, stepSaveRule } from './wizard-rules';

describe('wizard navigation rules', () => {
  it('labels the main button by step and mode', () => {
    expect(mainButtonLabel(1, false)).toBe('Save & Continue →');
    expect(mainButtonLabel(6, false)).toBe('Save & Continue →');
    expect(mainButtonLabel(7, false)).toBe('Complete Setup');
    expect(mainButtonLabel(3, true)).toBe('Save Changes');
    expect(mainButtonLabel(7, true)).toBe('Save Changes');
  });

  it('labels the step, with (Editing) after completion', () => {
    expect(stepLabel(2, false)).toBe('Step 2 of 7');
    expect(stepLabel(7, true)).toBe('Step 7 of 7 (Editing)');
  });

  it('enables dots up to the current step, all once complete', () => {
    expect(isDotEnabled(3, 3, false)).toBe(true);
    expect(isDotEnabled(1, 3, false)).toBe(true);
    expect(isDotEnabled(4, 3, false)).toBe(false);
    expect(isDotEnabled(7, 1, true)).toBe(true);
  });

  it('saves each step by its rule', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(stepSaveRule)).toEqual([
      'registered',
      'registered',
      'auto-saved',
      'phone-chosen',
      'optional-registered',
      'auto-saved',
      'finish',
    ]);
  });
});
