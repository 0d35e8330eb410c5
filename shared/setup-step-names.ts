import { TOTAL_SETUP_STEPS } from './setup-steps';

/**
 * Names accepted by POST /oauth/config/mark-step-complete (spec §4 says they are not shown): the step number
 * (1-7, also as a string), or a name. 'complete' stands for the last step, which completes setup.
 */
export const SETUP_STEP_NAMES: Record<string, number> = {
  business_info: 1,
  business_information: 1,
  business_description: 2,
  description: 2,
  customize_assistant: 3,
  personality: 3,
  voice: 3,
  phone_number: 4,
  choose_phone_number: 4,
  assistant_phone: 4,
  behavior_settings: 5,
  behavior: 5,
  business_objectives: 6,
  objectives: 6,
  connect_services: 7,
  calendar: 7,
  complete: 7,
};

/** The step number a name or number stands for, or undefined when it is none of them. */
export function parseSetupStep(step: string | number): number | undefined {
  const text = String(step)
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n >= 1 && n <= TOTAL_SETUP_STEPS ? n : undefined;
  }
  return Object.hasOwn(SETUP_STEP_NAMES, text) ? SETUP_STEP_NAMES[text] : undefined;
}
