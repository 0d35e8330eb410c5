import { SETUP_STEP_INTROS } from '@shared/setup-screen-texts';
import { useState } from 'react';
import { FormField } from '../../../../components/ui/form-field';
import { ToggleSwitch } from '../../../../components/ui/toggle-switch';
import { saveBehaviorSettings } from '../../api/setup-api';
import { useSetDirty, useStepSave, type StepProps } from '../../hooks/wizard-context';
import {
  formatManagerPhoneInput,
  isCompleteManagerPhone,
  MANAGER_PHONE_PLACEHOLDER,
  storedPhoneToDisplay,
} from '../../phone-format';
import { TEXT_LIMITS } from '@shared/text-limits';
import { onDemand } from '../../../../lib/chunk-load';
import { AnswerModeSettings } from '../answer-mode-settings';

// The settings' schema (and zod with it) loads when the step is saved, not with the wizard.
const behaviorChecks = onDemand('behavior-settings', () => import('@shared/schemas/behavior-settings'));

type Errors = Partial<Record<'manager_number' | 'escalation_email' | 'form', string>>;

/**
 * Step 5: when and how the assistant hands a caller to a person (spec §3 "Behavior settings", §5). The
 * manager number and escalation e-mail are asked for because the step counts as done only with both.
 */
export function BehaviorStep({ userId, config, storeConfig }: StepProps) {
  const setDirty = useSetDirty();
  const [managerPhone, setManagerPhone] = useState(() => storedPhoneToDisplay(config?.manager_number));
  const [managerName, setManagerName] = useState(config?.manager_name ?? '');
  const [escalationEmail, setEscalationEmail] = useState(config?.escalation_email ?? '');
  const [rememberCallers, setRememberCallers] = useState(config?.remember_past_callers ?? true);
  const [textEscalation, setTextEscalation] = useState(config?.text_escalation_to_manager ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setDirty(true);
    };

  useStepSave(5, async () => {
    const { behaviorSettingsSchema, managerNumberForStorage } = await behaviorChecks.get();
    const next: Errors = {};
    if (!isCompleteManagerPhone(managerPhone))
      next.manager_number = "Please enter the manager's 10-digit phone number";
    const parsed = behaviorSettingsSchema.safeParse({
      remember_past_callers: rememberCallers,
      manager_number: managerNumberForStorage(managerPhone),
      manager_name: managerName,
      escalation_email: escalationEmail,
      text_escalation_to_manager: textEscalation,
    });
    // A whole number that is not a US or Canadian one (area code 123) is refused by the shared rule.
    const managerIssue = parsed.error?.issues.find((i) => i.path[0] === 'manager_number');
    if (!next.manager_number && managerIssue) next.manager_number = managerIssue.message;
    if (!escalationEmail.trim()) next.escalation_email = 'Please enter an escalation e-mail address';
    else if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'escalation_email');
      if (issue) next.escalation_email = issue.message;
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return false;
    try {
      storeConfig(await saveBehaviorSettings(userId, parsed.data));
    } catch (error) {
      console.error('Saving behavior settings failed', error);
      setErrors({ form: error instanceof Error ? error.message : String(error) });
      return false;
    }
    setDirty(false);
    return true;
  });

  return (
    <div className="step-body">
      <p className="step-intro">{SETUP_STEP_INTROS[5]}</p>
      {errors.form ? (
        <div className="alert alert-error" role="alert">
          {errors.form}
        </div>
      ) : null}
      <div className="form-grid">
        <FormField id="manager_number" label="Manager phone" error={errors.manager_number}>
          <div className="input-prefix">
            <span aria-hidden="true">+1</span>
            <input
              id="manager_number"
              maxLength={TEXT_LIMITS.phone}
              type="tel"
              inputMode="numeric"
              placeholder={MANAGER_PHONE_PLACEHOLDER}
              value={managerPhone}
              onChange={(event) => edited(setManagerPhone)(formatManagerPhoneInput(event.target.value))}
            />
          </div>
        </FormField>
        <FormField id="manager_name" label="Manager name">
          <input
            id="manager_name"
            maxLength={TEXT_LIMITS.managerName}
            value={managerName}
            onChange={(event) => edited(setManagerName)(event.target.value)}
          />
        </FormField>
        <FormField
          id="escalation_email"
          label="Escalation e-mail"
          hint="Where the assistant sends conversations that need your attention."
          error={errors.escalation_email}
        >
          <input
            id="escalation_email"
            maxLength={TEXT_LIMITS.email}
            type="email"
            autoComplete="email"
            value={escalationEmail}
            onChange={(event) => edited(setEscalationEmail)(event.target.value)}
          />
        </FormField>
      </div>
      <div className="toggle-list">
        <ToggleSwitch
          id="remember_past_callers"
          label="Remember past callers"
          description="Greet returning callers by name and recall their last conversation. Turning this off forgets every caller it remembered."
          checked={rememberCallers}
          onChange={edited(setRememberCallers)}
        />
        <ToggleSwitch
          id="text_escalation_to_manager"
          label="Text escalations to the manager"
          description="Send the manager an SMS when a caller asks for a person."
          checked={textEscalation}
          onChange={edited(setTextEscalation)}
        />
      </div>
      <AnswerModeSettings userId={userId} config={config} onSaved={storeConfig} />
    </div>
  );
}
