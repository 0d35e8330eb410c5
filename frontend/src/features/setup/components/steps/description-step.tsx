import { useEffect, useRef, useState } from 'react';
import { FormField } from '../../../../components/ui/form-field';
import { generateDescription, updateConfig } from '../../api/setup-api';
import { useSetDirty, useStepSave, type StepProps } from '../../hooks/wizard-context';
import { WIZARD_TEXT } from '../../wizard-text';
import { TEXT_LIMITS } from '@shared/text-limits';
import { KnowledgeEditor } from '../../../knowledge';
import { ServicesEditor } from '../../../calendar-model';

/** Which step-2 field is missing, shown on the field under the spec's 'Missing required business information'. */
const STEP2_FIELD_TEXT = {
  descriptionMissing: 'Please enter a business description',
  assistantNameMissing: 'Please give your assistant a name',
} as const;

/**
 * Step 2: the description is written for a new config (one without a description yet), stays editable and
 * can be regenerated; the owner names the assistant. A failed generation falls back to the spec's texts.
 */
export function DescriptionStep({ userId, config, storeConfig }: StepProps) {
  const setDirty = useSetDirty();
  const [description, setDescription] = useState(config?.business_description ?? '');
  const [assistantName, setAssistantName] = useState(config?.assistant_name ?? '');
  const [generating, setGenerating] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [missing, setMissing] = useState<{ description?: string; assistantName?: string }>({});
  const started = useRef(false);

  const generate = async () => {
    setGenerating(true);
    setNotice('');
    try {
      const { generated_description } = await generateDescription(userId);
      setDescription(generated_description);
    } catch (caught) {
      console.error('Generating the description failed', caught);
      setNotice(WIZARD_TEXT.descriptionFailed);
      setDescription((current) => current || WIZARD_TEXT.fallbackDescription);
      setAssistantName((current) => current || WIZARD_TEXT.fallbackAssistantName);
    } finally {
      setGenerating(false);
      setDirty(true);
    }
  };

  useEffect(() => {
    if (started.current || config?.business_description) return;
    started.current = true;
    void generate();
    // Runs once when the step opens for a config without a description.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** A filled field loses its mark; once none is missing the step-level text goes too. */
  const clearMissing = (field: 'description' | 'assistantName') =>
    setMissing((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      if (Object.keys(next).length === 0) setError('');
      return next;
    });

  useStepSave(2, async () => {
    setError('');
    const nowMissing = {
      ...(description.trim() ? {} : { description: STEP2_FIELD_TEXT.descriptionMissing }),
      ...(assistantName.trim() ? {} : { assistantName: STEP2_FIELD_TEXT.assistantNameMissing }),
    };
    setMissing(nowMissing);
    if (Object.keys(nowMissing).length > 0) {
      setError(WIZARD_TEXT.missingBusinessInfo);
      return false;
    }
    try {
      storeConfig(
        await updateConfig(userId, {
          business_description: description.trim(),
          assistant_name: assistantName.trim(),
        }),
      );
    } catch (caught) {
      console.error('Saving the description failed', caught);
      setError(WIZARD_TEXT.descriptionSaveFailed);
      return false;
    }
    setDirty(false);
    return true;
  });

  return (
    <div className="step-body">
      <p className="step-intro">
        Your assistant uses this description to answer questions about your business. Edit it until it sounds
        right.
      </p>
      {notice ? (
        <div className="alert alert-info" role="status">
          {notice}
        </div>
      ) : null}
      {error ? (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      ) : null}
      <FormField id="business_description" label="Business description" required error={missing.description}>
        <textarea
          id="business_description"
          maxLength={TEXT_LIMITS.businessDescription}
          rows={7}
          value={generating ? '' : description}
          placeholder={generating ? 'Writing a description of your business...' : ''}
          disabled={generating}
          aria-required="true"
          aria-invalid={Boolean(missing.description)}
          onChange={(event) => {
            setDescription(event.target.value);
            setDirty(true);
            if (event.target.value.trim()) clearMissing('description');
          }}
        />
      </FormField>
      <div className="row-end">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void generate()}
          disabled={generating}
        >
          {generating ? 'Generating...' : '↻ Regenerate'}
        </button>
      </div>
      <FormField
        id="assistant_name"
        label="Assistant name"
        required
        error={missing.assistantName}
        hint="Callers hear this name when the assistant answers."
      >
        <input
          id="assistant_name"
          maxLength={TEXT_LIMITS.assistantName}
          value={assistantName}
          placeholder="e.g. Ava"
          aria-required="true"
          aria-invalid={Boolean(missing.assistantName)}
          onChange={(event) => {
            setAssistantName(event.target.value);
            setDirty(true);
            if (event.target.value.trim()) clearMissing('assistantName');
          }}
        />
      </FormField>
      {/* Optional: services saved one by one, apart from the step's own Save (decision 183). */}
      {config ? (
        <div className="card services-setup-section">
          <ServicesEditor userId={userId} headingLevel={3} />
        </div>
      ) : null}
      {/* Optional: saved entry by entry, apart from the step's own Save (decision 181). */}
      <div className="card knowledge-setup-section">
        <KnowledgeEditor userId={userId} headingLevel={3} />
      </div>
    </div>
  );
}
