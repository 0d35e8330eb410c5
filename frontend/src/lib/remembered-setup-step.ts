/**
 * The wizard's step as it last showed it to an owner, kept in localStorage so that /setup's first render can
 * draw that step's frame (the step dots, its title and introduction) while the config read is still on its
 * way: the introduction is the screen's largest content, its LCP (issue 41 §4, docs/decisions/188). The
 * config's answer then opens the wizard where it says; the memory is only the first guess. Sign-out removes
 * it (stored-session.ts).
 */
export const REMEMBERED_SETUP_STEP_KEY = 'ringly.setup';

export type RememberedSetupStep = { step: number; setupComplete: boolean };

export function rememberSetupStep(userId: string, { step, setupComplete }: RememberedSetupStep): void {
  try {
    const value = JSON.stringify({ userId, step, setupComplete });
    if (localStorage.getItem(REMEMBERED_SETUP_STEP_KEY) !== value)
      localStorage.setItem(REMEMBERED_SETUP_STEP_KEY, value);
  } catch {
    // Storage refused or full: the next load guesses step 1, as for a new owner.
  }
}

export function forgetSetupStep(): void {
  try {
    localStorage.removeItem(REMEMBERED_SETUP_STEP_KEY);
  } catch {
    // Storage the browser refuses holds nothing to forget.
  }
}

/** The step the wizard last showed this owner; undefined for another owner, nothing stored or a bad value. */
export function rememberedSetupStep(userId: string): RememberedSetupStep | undefined {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(localStorage.getItem(REMEMBERED_SETUP_STEP_KEY) ?? 'null') ?? {};
  } catch {
    return undefined;
  }
  const { step, setupComplete } = entry;
  if (entry.userId !== userId || typeof step !== 'number' || !Number.isInteger(step) || step < 1)
    return undefined;
  return { step, setupComplete: setupComplete === true };
}
