import { describe, expect, it } from 'vitest';
import { setupProgress, stepDotState } from './setup-steps';

const step1 = {
  business_name: 'Glow',
  phone_number: '+14155550100',
  website: 'https://glow.example',
  address: '1 Main St',
};
const step2 = { ...step1, business_description: 'A salon', assistant_name: 'Ava' };
const step3 = {
  ...step2,
  voice_settings: { voice_id: 'v1' },
  formality: 'Concise',
  verbosity: 'Concise',
  empathy: 'Polite and Neutral',
};
const step4 = { ...step3, assistant_phone: '+14155550111' };
const step5 = { ...step4, manager_number: '+14155550122', escalation_email: 'boss@glow.example' };
const step6 = { ...step5, objective_template: 'booking' };

describe('setupProgress (spec §4)', () => {
  it('starts at step 1 without a config', () => {
    expect(setupProgress(undefined)).toEqual({ completedSteps: [], currentStep: 1, setupComplete: false });
  });

  it('opens at the first incomplete step', () => {
    expect(setupProgress(step1).currentStep).toBe(2);
    expect(setupProgress(step4).currentStep).toBe(5);
    expect(setupProgress({ ...step1, website: '  ' }).currentStep).toBe(1);
  });

  it('requires every earlier step: a later field alone completes nothing', () => {
    expect(setupProgress({ assistant_phone: '+14155550111' }).completedSteps).toEqual([]);
  });

  it('opens at step 7 in edit mode once six steps are complete; objective id or template both count', () => {
    expect(setupProgress(step6)).toEqual({
      completedSteps: [1, 2, 3, 4, 5, 6],
      currentStep: 7,
      setupComplete: true,
    });
    expect(setupProgress({ ...step5, business_objective_id: 'obj-1' }).setupComplete).toBe(true);
  });

  it('colours dots as completed, current or pending', () => {
    expect([1, 3, 5].map((s) => stepDotState(s, 3))).toEqual(['completed', 'current', 'pending']);
  });
});
