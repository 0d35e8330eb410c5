import { useState } from 'react';
import {
  ANSWER_MODE_TEXTS,
  ANSWER_MODES,
  DEFAULT_ANSWER_MODE,
  GREETING_MAX_CHARS,
  RING_SECONDS,
  type AnswerMode,
} from '@shared/answer-mode-values';
import type { BusinessConfig } from '@shared/schemas/business-config';
import { FormField } from '../../../components/ui/form-field';
import { InlineSaveActions, useInlineSave } from '../../../components/ui/inline-save';
import { saveAnswerMode } from '../api/setup-api';
import './answer-mode-settings.css';

/**
 * When the assistant answers (docs/decisions/173-answer-modes.md): always, ring me first (with the ring time)
 * or after hours only, and the greeting each mode speaks. Saved on its own (setup step 5 and the dashboard's
 * Overview share it); the server refuses a mode whose business phone or opening hours are missing, and that
 * message is shown as it comes.
 */
export function AnswerModeSettings({
  userId,
  config,
  onSaved,
}: {
  userId: string;
  config: BusinessConfig | null | undefined;
  onSaved: (config: BusinessConfig) => void;
}) {
  const [mode, setMode] = useState<AnswerMode>(config?.answer_mode ?? DEFAULT_ANSWER_MODE);
  const [ringSeconds, setRingSeconds] = useState(config?.ring_seconds ?? RING_SECONDS.default);
  const [greetings, setGreetings] = useState<Record<AnswerMode, string>>({
    always: config?.greetings?.always ?? '',
    ring_first: config?.greetings?.ring_first ?? '',
    after_hours: config?.greetings?.after_hours ?? '',
  });
  const { state, edit, run } = useInlineSave(ANSWER_MODE_TEXTS.saveFailed);
  const save = () =>
    run(async () => {
      onSaved(await saveAnswerMode(userId, { answer_mode: mode, ring_seconds: ringSeconds, greetings }));
    });

  return (
    <fieldset className="answer-mode-settings" data-testid="answer-mode-settings">
      <legend>{ANSWER_MODE_TEXTS.title}</legend>
      <p className="step-intro">{ANSWER_MODE_TEXTS.intro}</p>
      <div role="radiogroup" aria-label={ANSWER_MODE_TEXTS.title} className="answer-mode-options">
        {ANSWER_MODES.map((value) => (
          <label key={value} className="answer-mode-option">
            <input
              type="radio"
              name="answer_mode"
              value={value}
              data-testid={`answer-mode-${value}`}
              checked={mode === value}
              onChange={() => {
                setMode(value);
                edit();
              }}
            />
            <span>
              <strong>{ANSWER_MODE_TEXTS.modes[value].label}</strong>
              <span className="answer-mode-description">{ANSWER_MODE_TEXTS.modes[value].description}</span>
            </span>
          </label>
        ))}
      </div>
      {mode === 'ring_first' ? (
        <FormField id="ring_seconds" label={ANSWER_MODE_TEXTS.ringSeconds}>
          <input
            id="ring_seconds"
            data-testid="ring-seconds"
            type="number"
            min={RING_SECONDS.min}
            max={RING_SECONDS.max}
            step={1}
            value={ringSeconds}
            onChange={(event) => {
              setRingSeconds(Number(event.target.value));
              edit();
            }}
          />
        </FormField>
      ) : null}
      <FormField
        id={`greeting_${mode}`}
        label={ANSWER_MODE_TEXTS.greetings[mode]}
        hint={ANSWER_MODE_TEXTS.greetingHint}
      >
        <textarea
          id={`greeting_${mode}`}
          data-testid="answer-mode-greeting"
          maxLength={GREETING_MAX_CHARS}
          rows={2}
          value={greetings[mode]}
          onChange={(event) => {
            setGreetings({ ...greetings, [mode]: event.target.value });
            edit();
          }}
        />
      </FormField>
      <InlineSaveActions
        state={state}
        testId="answer-mode"
        saveLabel={ANSWER_MODE_TEXTS.save}
        savedText={ANSWER_MODE_TEXTS.saved}
        onSave={() => void save()}
      />
    </fieldset>
  );
}
