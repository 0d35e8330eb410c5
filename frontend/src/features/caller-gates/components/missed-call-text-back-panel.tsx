import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CALLER_GATES_TEXTS,
  MISSED_CALL_TEMPLATE_MAX_CHARS,
  MISSED_CALL_TEMPLATE_PLACEHOLDERS,
  templateProblem,
} from '@shared/caller-gates';
import type { MissedCallSettings, MissedCallSettingsRequest } from '@shared/schemas/caller-gates';
import { ToggleSwitch } from '../../../components/ui/toggle-switch';
import { callerGatesApi } from '../api/caller-gates-api';
import { callerGatesQueryKeys, refusalOf, useMissedCallTextBack } from '../hooks/caller-gates-queries';
import './caller-gates.css';

/**
 * The missed-call text-back's settings on the Texting tab (docs/decisions/176): on/off (saved at once), and
 * the owner's own wording, checked as the API checks it (links to this app only) before it is sent.
 */
export function MissedCallTextBackPanel({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const settings = useMissedCallTextBack(userId);
  const [template, setTemplate] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (settings.data) setTemplate(settings.data.template ?? '');
  }, [settings.data]);
  const save = useMutation({
    mutationFn: (next: MissedCallSettingsRequest) => callerGatesApi.saveTextBack(userId, next),
    onSuccess: (stored) => {
      queryClient.setQueryData<MissedCallSettings>(callerGatesQueryKeys.textBack(userId), stored);
      setSaved(true);
    },
  });
  const data = settings.data;
  const wording = template.trim();
  const problem = wording
    ? templateProblem(wording, {
        maxChars: MISSED_CALL_TEMPLATE_MAX_CHARS,
        placeholders: MISSED_CALL_TEMPLATE_PLACEHOLDERS,
        ownHosts: [window.location.host],
      })
    : undefined;
  const failure = refusalOf(save.error);

  return (
    <section className="card dashboard-panel missed-call-text-back" aria-labelledby="text-back-title">
      <h2 id="text-back-title">{CALLER_GATES_TEXTS.textBackTitle}</h2>
      <p className="dashboard-muted">{CALLER_GATES_TEXTS.textBackIntro}</p>
      {settings.isError ? (
        <p className="alert alert-error" role="alert">
          {refusalOf(settings.error)}
        </p>
      ) : null}
      {data ? (
        <>
          <ToggleSwitch
            id="text-back-enabled"
            label={CALLER_GATES_TEXTS.textBackToggle}
            checked={data.enabled}
            onChange={(enabled) => {
              setSaved(false);
              save.mutate({ enabled, template: data.template });
            }}
          />
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setSaved(false);
              if (!problem) save.mutate({ enabled: data.enabled, template: wording || null });
            }}
          >
            <div className="field">
              <label htmlFor="text-back-template">{CALLER_GATES_TEXTS.textBackTemplateLabel}</label>
              <textarea
                id="text-back-template"
                data-testid="text-back-template"
                rows={3}
                value={template}
                placeholder={data.default_text}
                aria-invalid={problem ? true : undefined}
                onChange={(e) => {
                  setSaved(false);
                  setTemplate(e.target.value);
                }}
              />
              <p className="field-hint">
                {CALLER_GATES_TEXTS.textBackTemplateHint(MISSED_CALL_TEMPLATE_PLACEHOLDERS)} ({wording.length}
                /{MISSED_CALL_TEMPLATE_MAX_CHARS})
              </p>
              {problem ? <p className="field-error">{problem}</p> : null}
            </div>
            <p className="dashboard-muted">
              {CALLER_GATES_TEXTS.textBackDefaultLabel}: “{data.default_text}”
            </p>
            {data.default_text_es ? (
              <p className="dashboard-muted" data-testid="text-back-default-es">
                {CALLER_GATES_TEXTS.textBackDefaultSpanishLabel}:{' '}
                <span lang="es">“{data.default_text_es}”</span>
              </p>
            ) : null}
            {failure ? (
              <p className="alert alert-error" role="alert">
                {failure}
              </p>
            ) : null}
            <button
              type="submit"
              className="btn btn-primary"
              data-testid="text-back-save"
              disabled={save.isPending || !!problem}
            >
              {CALLER_GATES_TEXTS.save}
            </button>
            {saved ? (
              <span className="dashboard-muted" role="status">
                {' '}
                {CALLER_GATES_TEXTS.textBackSaved}
              </span>
            ) : null}
          </form>
        </>
      ) : null}
    </section>
  );
}
