import { SETUP_STEP_INTROS } from '@shared/setup-screen-texts';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { coverageGaps } from '@shared/capability-sources';
import {
  coverageBadgeColor,
  coveragePercent,
  NO_MODULES_TEXT,
  offeredTemplates,
} from '@shared/objective-templates';
import { SETUP_MESSAGES as SHARED_SETUP_MESSAGES } from '@shared/setup-messages';
import type { Objective } from '@shared/schemas/objective';
import { generateObjective, loadObjective, loadObjectiveTemplates, saveObjective } from '../../api/setup-api';
import type { StepProps } from '../../hooks/wizard-context';

const humanize = (identifier: string) => identifier.replace(/_/g, ' ');
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Step 6 (spec §4 "Objectives"): a template becomes the current objective through the generator and is
 * saved at once (the step is auto-saved); Save Objective stores later edits (PUT once it belongs to the
 * business, POST before).
 */
export function ObjectivesStep({ userId, config, storeConfig }: StepProps) {
  const queryClient = useQueryClient();
  const objectiveKey = ['objective', userId];
  const current = useQuery({ queryKey: objectiveKey, queryFn: () => loadObjective(userId), retry: 0 });
  const templates = useQuery({
    queryKey: ['objective-templates'],
    queryFn: loadObjectiveTemplates,
    retry: 0,
  });
  const [generating, setGenerating] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const objective = current.data ?? null;

  const store = async (next: Objective) => {
    setSaving(true);
    try {
      // The answer is the objective as stored and the config now pointing at it: kept, not read again.
      const { config: pointed, ...saved } = await saveObjective(userId, next);
      queryClient.setQueryData(objectiveKey, saved);
      storeConfig(pointed);
      setMessage({ tone: 'success', text: 'Objective saved.' });
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error) });
    } finally {
      setSaving(false);
    }
  };

  const pickTemplate = async (templateId: string) => {
    setGenerating(templateId);
    setMessage(null);
    try {
      const generated = await generateObjective(templateId, config ?? {});
      queryClient.setQueryData(objectiveKey, generated);
      await store(generated);
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error) });
    } finally {
      setGenerating(null);
    }
  };

  const modules = config?.authorized_modules ?? [];
  const coverage = objective ? coveragePercent(objective.required_capabilities, modules) : 0;
  // Modules come from what is set up (issue 12 §4): say how to cover a gap, and send to support only
  // what the owner can't set up.
  const gaps = objective ? coverageGaps(objective.required_capabilities, modules) : null;
  return (
    <div className="step-body">
      <p className="step-intro">{SETUP_STEP_INTROS[6]}</p>
      {message ? (
        <div className={`alert alert-${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </div>
      ) : null}

      <div className="objective-current card-inset" data-testid="current-objective">
        <div className="objective-current-head">
          <h3 className="panel-title">Current objective</h3>
          {objective ? (
            <span className={`badge badge-${coverageBadgeColor(coverage)}`}>{coverage}% coverage</span>
          ) : null}
        </div>
        {gaps ? (
          <>
            {gaps.ownerCanSetUp.map((gap) => (
              <p className="muted small" key={gap.module} data-testid="coverage-gap-owner">
                {gap.capabilities.map((c) => c.replace(/_/g, ' ')).join(', ')}: {gap.action}
              </p>
            ))}
            {gaps.needsSupport.length ? <p className="muted small">{NO_MODULES_TEXT}</p> : null}
          </>
        ) : null}
        {current.isPending ? <p className="muted">Loading...</p> : null}
        {current.isError ? (
          <div className="alert alert-error" role="alert">
            {errorText(current.error)}
          </div>
        ) : null}
        {!current.isPending && !objective ? (
          <p className="muted">No objective yet. Pick a template below.</p>
        ) : null}
        {objective ? (
          <>
            <p className="objective-goal">{objective.goal}</p>
            {objective.success_criteria.length ? (
              <ul className="chip-list" aria-label="Success criteria">
                {objective.success_criteria.map((c) => (
                  <li key={c} className="chip">
                    {humanize(c)}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
        <div className="row-end">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!objective || saving}
            onClick={() =>
              objective
                ? void store(objective)
                : setMessage({ tone: 'error', text: SHARED_SETUP_MESSAGES.noObjectiveToSave })
            }
          >
            {saving ? 'Saving...' : 'Save Objective'}
          </button>
        </div>
      </div>

      <h3 className="panel-title">Templates</h3>
      {templates.isPending ? <p className="muted">Loading templates...</p> : null}
      {templates.isError ? (
        <div className="alert alert-error" role="alert">
          {errorText(templates.error)}{' '}
          <button type="button" className="btn-link" onClick={() => void templates.refetch()}>
            Retry
          </button>
        </div>
      ) : null}
      <div className="template-grid">
        {offeredTemplates(templates.data ?? []).map((template) => {
          const active = objective?.template_id === template.id;
          return (
            <button
              key={template.id}
              type="button"
              className={`template-card${active ? ' active' : ''}`}
              aria-pressed={active}
              disabled={generating !== null}
              onClick={() => void pickTemplate(template.id)}
            >
              <span className="template-icon" aria-hidden="true">
                {template.icon}
              </span>
              <span className="template-name">{template.display_name}</span>
              <span className="template-description">{template.description}</span>
              <span className="template-meta">
                <span>Revenue impact: {template.revenue_impact}</span>
                <span>Setup: {template.setup_time}</span>
              </span>
              {generating === template.id ? <span className="muted">Generating...</span> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
