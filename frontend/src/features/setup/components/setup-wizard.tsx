import { SETUP_STEP_INTROS } from '@shared/setup-screen-texts';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { BusinessConfig } from '@shared/schemas/business-config';
import { setupProgress, TOTAL_SETUP_STEPS } from '@shared/setup-steps';
import { rememberedSetupStep, rememberSetupStep } from '../../../lib/remembered-setup-step';
import { CenteredStatus } from '../../../components/ui/centered-status';
import { AUTH_MESSAGES } from '@shared/auth-messages';
import { markStepComplete } from '../api/setup-api';
import { WizardContext, type StepProps, type StepSave } from '../hooks/wizard-context';
import { WIZARD_TEXT } from '../wizard-text';
import { isLastStep, mainButtonLabel, openingStep, stepSaveRule } from '../wizard-rules';
import { StepNav } from './step-nav';
import { UnsavedChangesModal } from './unsaved-changes-modal';
import { BusinessInfoStep } from './steps/business-info-step';
import { DescriptionStep } from './steps/description-step';
import { PersonalityVoiceStep } from './steps/personality-voice-step';
import { PhoneStep } from './steps/phone-step';
import { BehaviorStep } from './steps/behavior-step';
import { ObjectivesStep } from './steps/objectives-step';
import { ConnectionsStep } from './steps/connections-step';

const STEP_SCREENS: Record<number, ComponentType<StepProps>> = {
  1: BusinessInfoStep,
  2: DescriptionStep,
  3: PersonalityVoiceStep,
  4: PhoneStep,
  5: BehaviorStep,
  6: ObjectivesStep,
  7: ConnectionsStep,
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The seven-step wizard (spec §2 "/setup", §4 "Save per step"). It opens where the loaded config says
 * (first incomplete step, or step 7 in edit mode) and from then on keeps its own position.
 */
export function SetupWizard({
  userId,
  email,
  initialConfig,
  config,
  storeConfig,
  onStepChange,
}: StepProps & {
  initialConfig: BusinessConfig | null;
  /** Told each time the wizard moves to another step (notices about the previous one can go). */
  onStepChange?: (step: number) => void;
}) {
  const navigate = useNavigate();
  const [opening] = useState(() => setupProgress(initialConfig ?? undefined));
  const [searchParams] = useSearchParams();
  // A link may ask for a step (the dashboard's "Choose a number" → 4, "Reconnect …" → 7).
  const [currentStep, setCurrentStep] = useState(() =>
    openingStep(searchParams.get('step'), opening.currentStep, opening.setupComplete),
  );
  const [setupComplete, setSetupComplete] = useState(opening.setupComplete);
  const [saving, setSaving] = useState(false);
  const [pendingStep, setPendingStep] = useState<number | null>(null);
  // The spec's save texts, shown in the page beside the button instead of a native alert() (issue 15 §3).
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const saves = useRef(new Map<number, StepSave>());
  const dirty = useRef(false);
  const latestConfig = useRef(config);
  latestConfig.current = config;
  const stepChanged = useRef(onStepChange);
  stepChanged.current = onStepChange;

  // The next cold load of /setup draws this step's frame while its config read is on the way.
  useEffect(
    () => rememberSetupStep(userId, { step: currentStep, setupComplete }),
    [userId, currentStep, setupComplete],
  );

  const wizardContext = useMemo(
    () => ({
      registerSave: (step: number, save: StepSave | null) => {
        if (save) saves.current.set(step, save);
        else saves.current.delete(step);
      },
      setDirty: (value: boolean) => {
        dirty.current = value;
      },
    }),
    [],
  );

  const moveTo = useCallback((step: number) => {
    dirty.current = false;
    setNotice(null);
    setCurrentStep(step);
    stepChanged.current?.(step);
    window.scrollTo({ top: 0 });
  }, []);

  /** Runs the current step's save rule; true when the step may be left. */
  const saveStep = useCallback(async (step: number): Promise<boolean> => {
    const save = saves.current.get(step);
    try {
      switch (stepSaveRule(step)) {
        case 'registered':
          if (!save) return false;
          return await save();
        case 'auto-saved':
          // Auto-saved screens may still persist first-visit defaults; the step succeeds regardless.
          if (save) await save().catch((error: unknown) => console.error(error));
          return true;
        case 'phone-chosen':
          // The step stored the config its pick answered with.
          return Boolean(latestConfig.current?.assistant_phone);
        case 'optional-registered':
          return save ? await save() : true;
        case 'finish':
          return true;
      }
    } catch (error) {
      console.error(WIZARD_TEXT.stepError(step, errorText(error)), error);
      return false;
    }
  }, []);

  const finishSetup = useCallback(async () => {
    if (!setupComplete) {
      try {
        const businessId = latestConfig.current?.business_id;
        if (businessId) await markStepComplete(businessId, 'complete');
        setSetupComplete(true);
      } catch (error) {
        setNotice({ kind: 'error', text: WIZARD_TEXT.completeFailed(errorText(error)) });
        return;
      }
    }
    navigate('/dashboard');
  }, [navigate, setupComplete]);

  const onMainButton = async () => {
    if (saving) return;
    setNotice(null);
    setSaving(true);
    try {
      const saved = await saveStep(currentStep);
      if (!saved) {
        setNotice({ kind: 'error', text: WIZARD_TEXT.stepSaveFailed(currentStep) });
        return;
      }
      dirty.current = false;
      if (isLastStep(currentStep)) {
        await finishSetup();
      } else if (setupComplete) {
        setNotice({ kind: 'success', text: WIZARD_TEXT.changesSaved });
      } else {
        moveTo(Math.min(currentStep + 1, TOTAL_SETUP_STEPS));
      }
    } finally {
      setSaving(false);
    }
  };

  const goTo = (step: number) => {
    if (step === currentStep || step < 1 || step > TOTAL_SETUP_STEPS) return;
    if (dirty.current) setPendingStep(step);
    else moveTo(step);
  };

  const saveThenMove = async () => {
    if (pendingStep === null) return;
    setSaving(true);
    const saved = await saveStep(currentStep);
    setSaving(false);
    if (!saved) {
      setNotice({ kind: 'error', text: WIZARD_TEXT.changesSaveFailed });
      return;
    }
    const target = pendingStep;
    setPendingStep(null);
    moveTo(target);
  };

  const Screen = STEP_SCREENS[currentStep]!;
  return (
    <WizardContext.Provider value={wizardContext}>
      <div className="setup-wizard">
        <StepNav currentStep={currentStep} setupComplete={setupComplete} onGoTo={goTo} />
        <section className="setup-step card" aria-live="polite">
          <Screen key={currentStep} userId={userId} email={email} config={config} storeConfig={storeConfig} />
        </section>
        {notice ? (
          <div
            className={`alert alert-${notice.kind} setup-notice`}
            role={notice.kind === 'error' ? 'alert' : 'status'}
            data-testid="setup-notice"
          >
            {notice.text}
          </div>
        ) : null}
        <div className="setup-actions">
          <button
            type="button"
            className="btn btn-primary setup-main-button"
            onClick={onMainButton}
            disabled={saving}
          >
            {saving ? 'Saving...' : mainButtonLabel(currentStep, setupComplete)}
          </button>
        </div>
      </div>
      {pendingStep !== null ? (
        <UnsavedChangesModal
          busy={saving}
          onClose={() => setPendingStep(null)}
          onDiscard={() => {
            const target = pendingStep;
            setPendingStep(null);
            moveTo(target);
          }}
          onSave={() => void saveThenMove()}
        />
      ) : null}
    </WizardContext.Provider>
  );
}

/**
 * The wizard's frame while the config read is on the way: the step dots, the title and the introduction of
 * the step the owner most likely opens (the one the wizard last showed them on this browser, or step 1 for
 * a new owner; a `?step=` link as the wizard would follow it), with "Loading..." for the step's content. The
 * introduction is the screen's largest content (its LCP, issue 41 §4); drawn here in the place and size the
 * step gives it, it no longer waits for the API (docs/decisions/188). The config's answer then opens the
 * wizard where it says.
 */
export function SetupWizardLoading({ userId }: { userId: string }) {
  const [searchParams] = useSearchParams();
  const [guess] = useState(() => {
    const remembered = rememberedSetupStep(userId) ?? { step: 1, setupComplete: false };
    const step = openingStep(searchParams.get('step'), remembered.step, remembered.setupComplete);
    return { step: Math.min(step, TOTAL_SETUP_STEPS), setupComplete: remembered.setupComplete };
  });
  return (
    <div className="setup-wizard">
      <StepNav currentStep={guess.step} setupComplete={guess.setupComplete} onGoTo={() => undefined} />
      <section className="setup-step card" aria-busy="true">
        <div className="step-body">
          <p className="step-intro">{SETUP_STEP_INTROS[guess.step]}</p>
          <CenteredStatus>{AUTH_MESSAGES.loading}</CenteredStatus>
        </div>
      </section>
    </div>
  );
}
