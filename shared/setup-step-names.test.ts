import { describe, expect, it } from 'vitest';
import { parseSetupStep } from './setup-step-names';

describe('setup step names for mark-step-complete', () => {
  it('accepts numbers 1-7, as numbers or strings', () => {
    expect([1, '4', ' 7 '].map(parseSetupStep)).toEqual([1, 4, 7]);
    expect([0, 8, '12', -1].map(parseSetupStep)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('accepts names in any case with spaces or dashes, and complete as step 7', () => {
    expect(parseSetupStep('Business Information')).toBe(1);
    expect(parseSetupStep('behavior-settings')).toBe(5);
    expect(parseSetupStep('objectives')).toBe(6);
    expect(parseSetupStep('complete')).toBe(7);
    expect(parseSetupStep('toString')).toBeUndefined();
    expect(parseSetupStep('dance')).toBeUndefined();
  });
});
