import type { BusinessConfig } from './schemas/business-config';

/** The seven setup steps (spec §2 "/setup"). */
export const SETUP_STEPS = [
  { number: 1, title: 'Business Information' },
  { number: 2, title: 'Business Description' },
  { number: 3, title: 'Customize Assistant' },
  { number: 4, title: 'Choose Phone Number' },
  { number: 5, title: 'Behavior Settings' },
  { number: 6, title: 'Business Objectives' },
  { number: 7, title: 'Connect Services' },
] as const;
export const TOTAL_SETUP_STEPS = SETUP_STEPS.length;

const present = (value: unknown) =>
  value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/** Spec §4 "Setup step completion": what each of steps 1-6 needs in the config. */
export const STEP_REQUIREMENTS: Record<1 | 2 | 3 | 4 | 5 | 6, (config: Partial<BusinessConfig>) => boolean> =
  {
    1: (c) => present(c.business_name) && present(c.phone_number) && present(c.website) && present(c.address),
    2: (c) => present(c.business_description) && present(c.assistant_name),
    3: (c) => present(c.voice_settings) && present(c.formality) && present(c.verbosity) && present(c.empathy),
    4: (c) => present(c.assistant_phone),
    5: (c) => present(c.manager_number) && present(c.escalation_email),
    6: (c) => present(c.business_objective_id) || present(c.objective_template),
  };

export type SetupProgress = {
  /** Steps 1-6 complete, each requiring the ones before it. */
  completedSteps: number[];
  /** Where the wizard opens: the first incomplete step, or 7 when all six are complete. */
  currentStep: number;
  /** All six complete: the wizard is in edit mode. */
  setupComplete: boolean;
};

/** Evaluated on load; a missing config (404) starts at step 1. */
export function setupProgress(config: Partial<BusinessConfig> | undefined): SetupProgress {
  const completedSteps: number[] = [];
  if (config) {
    for (const step of [1, 2, 3, 4, 5, 6] as const) {
      if (!STEP_REQUIREMENTS[step](config)) break;
      completedSteps.push(step);
    }
  }
  const setupComplete = completedSteps.length === 6;
  return { completedSteps, currentStep: setupComplete ? 7 : completedSteps.length + 1, setupComplete };
}

/** A step dot is completed below the current step, current at it, pending above (spec §4). */
export const stepDotState = (step: number, currentStep: number) =>
  step < currentStep ? 'completed' : step === currentStep ? 'current' : 'pending';
