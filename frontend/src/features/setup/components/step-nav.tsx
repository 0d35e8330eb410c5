import { SETUP_STEPS, stepDotState } from '@shared/setup-steps';
import { isDotEnabled, stepLabel } from '../wizard-rules';

/** The back arrow, the row of step dots and 'Step N of 7' (spec §2 "Navigation"). */
export function StepNav({
  currentStep,
  setupComplete,
  onGoTo,
}: {
  currentStep: number;
  setupComplete: boolean;
  onGoTo: (step: number) => void;
}) {
  const current = SETUP_STEPS[currentStep - 1];
  return (
    <div className="step-nav">
      <div className="step-nav-row">
        <button
          type="button"
          className="step-back"
          aria-label="Previous step"
          disabled={currentStep === 1}
          onClick={() => onGoTo(currentStep - 1)}
        >
          ←
        </button>
        <ol className="step-dots" aria-label="Setup steps">
          {SETUP_STEPS.map((step) => {
            const state = stepDotState(step.number, currentStep);
            return (
              <li key={step.number}>
                <button
                  type="button"
                  className={`step-dot step-dot-${state}`}
                  aria-label={`Step ${step.number}: ${step.title}`}
                  aria-current={state === 'current' ? 'step' : undefined}
                  disabled={!isDotEnabled(step.number, currentStep, setupComplete)}
                  onClick={() => onGoTo(step.number)}
                >
                  {state === 'completed' ? '✓' : step.number}
                </button>
              </li>
            );
          })}
        </ol>
      </div>
      <p className="step-label" data-testid="step-label">
        {stepLabel(currentStep, setupComplete)}
      </p>
      <h2 className="step-title">{current?.title}</h2>
    </div>
  );
}
