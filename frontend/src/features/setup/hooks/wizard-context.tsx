import { createContext, useContext, useEffect, useRef } from 'react';
import type { BusinessConfig } from '@shared/schemas/business-config';

/** A step's own save: resolves true when saved, false (after showing why) when not. */
export type StepSave = () => Promise<boolean>;

type WizardContextValue = {
  registerSave: (step: number, save: StepSave | null) => void;
  /** Steps with forms report unsaved edits, so leaving by a dot asks first. */
  setDirty: (dirty: boolean) => void;
};

export const WizardContext = createContext<WizardContextValue | null>(null);

function useWizard(): WizardContextValue {
  const context = useContext(WizardContext);
  if (!context) throw new Error('Setup steps must render inside the wizard');
  return context;
}

/** Registers the step's save function with the wizard for as long as the step is shown. */
export function useStepSave(step: number, save: StepSave) {
  const { registerSave } = useWizard();
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    registerSave(step, () => latest.current());
    return () => registerSave(step, null);
  }, [registerSave, step]);
}

export function useSetDirty() {
  return useWizard().setDirty;
}

/** What every step screen receives. */
export type StepProps = {
  userId: string;
  email: string;
  config: BusinessConfig | null;
  /** Keeps the config a save answered with, so the wizard and other steps see it without reading it again. */
  storeConfig: (config: BusinessConfig) => void;
};
