import { TOTAL_SETUP_STEPS } from '@shared/setup-steps';
import { WIZARD_TEXT } from './wizard-text';

/**
 * Pure navigation rules of the wizard (spec §2 "/setup" and §4 "Save per step"), apart from React so they
 * can be tested on their own.
 */
export const isLastStep = (step: number) => step === TOTAL_SETUP_STEPS;

/** 'Save Changes' in edit mode, 'Complete Setup' on step 7, else 'Save & Continue →'. */
export function mainButtonLabel(step: number, setupComplete: boolean): string {
  if (setupComplete) return WIZARD_TEXT.saveChanges;
  return isLastStep(step) ? WIZARD_TEXT.completeSetup : WIZARD_TEXT.saveAndContinue;
}

/** 'Step N of 7' plus '(Editing)' once setup is complete. */
export const stepLabel = (step: number, setupComplete: boolean) =>
  `${WIZARD_TEXT.stepLabel(step, TOTAL_SETUP_STEPS)}${setupComplete ? ` ${WIZARD_TEXT.editing}` : ''}`;

/** Dots are enabled up to the current step, and all of them once setup is complete. */
export const isDotEnabled = (dot: number, currentStep: number, setupComplete: boolean) =>
  setupComplete || dot <= currentStep;

/**
 * The step the wizard opens on: a step asked for in the link (`/setup?step=4`, from the dashboard's status
 * card) when the owner may go there, else where the config says.
 */
export function openingStep(requested: string | null, currentStep: number, setupComplete: boolean): number {
  const step = Number(requested);
  if (!Number.isInteger(step) || step < 1 || step > TOTAL_SETUP_STEPS) return currentStep;
  return isDotEnabled(step, currentStep, setupComplete) ? step : currentStep;
}

/** How a step is saved when the main button is pressed (spec §4 "Save per step"). */
export type StepSaveRule =
  | 'registered' // steps 1 and 2: the screen's save function; failing when it is missing
  | 'auto-saved' // steps 3 and 6: always succeed
  | 'phone-chosen' // step 4: succeeds only when an assistant phone is chosen
  | 'optional-registered' // step 5: the behaviour save; succeeds when there is none
  | 'finish'; // step 7: on to the dashboard

export function stepSaveRule(step: number): StepSaveRule {
  switch (step) {
    case 1:
    case 2:
      return 'registered';
    case 3:
    case 6:
      return 'auto-saved';
    case 4:
      return 'phone-chosen';
    case 5:
      return 'optional-registered';
    default:
      return 'finish';
  }
}
