import { describe, expect, it } from 'vitest';
import { isDotEnabled, mainButtonLabel, openingStep, stepLabel, stepSaveRule } from './wizard-rules';

describe('wizard navigation rules', () => {
  it('opens on a linked step only when the owner may go there', () => {
    expect(openingStep('4', 7, true)).toBe(4);
    expect(openingStep('7', 7, true)).toBe(7);
    expect(openingStep('5', 3, false)).toBe(3);
    expect(openingStep('2', 3, false)).toBe(2);
    for (const bad of [null, '', '0', '8', '2.5', 'four']) expect(openingStep(bad, 6, false)).toBe(6);
  });

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
