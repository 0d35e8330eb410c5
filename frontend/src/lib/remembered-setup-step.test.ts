import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetSetupStep,
  REMEMBERED_SETUP_STEP_KEY,
  rememberedSetupStep,
  rememberSetupStep,
} from './remembered-setup-step';

let items: Map<string, string>;
beforeEach(() => {
  items = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the wizard’s remembered step', () => {
  it('is the step last shown to the same owner', () => {
    rememberSetupStep('owner-1', { step: 4, setupComplete: false });
    expect(rememberedSetupStep('owner-1')).toEqual({ step: 4, setupComplete: false });
    rememberSetupStep('owner-1', { step: 7, setupComplete: true });
    expect(rememberedSetupStep('owner-1')).toEqual({ step: 7, setupComplete: true });
  });

  it('is nothing for another owner, after forgetting, or for a bad value', () => {
    rememberSetupStep('owner-1', { step: 4, setupComplete: false });
    expect(rememberedSetupStep('owner-2')).toBeUndefined();
    forgetSetupStep();
    expect(rememberedSetupStep('owner-1')).toBeUndefined();
    for (const bad of ['{', '{"userId":"owner-1","step":"4"}', '{"userId":"owner-1","step":0}', 'null']) {
      items.set(REMEMBERED_SETUP_STEP_KEY, bad);
      expect(rememberedSetupStep('owner-1')).toBeUndefined();
    }
  });

  it('survives a browser that refuses storage', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(() => rememberSetupStep('owner-1', { step: 2, setupComplete: false })).not.toThrow();
    expect(() => forgetSetupStep()).not.toThrow();
    expect(rememberedSetupStep('owner-1')).toBeUndefined();
  });
});
