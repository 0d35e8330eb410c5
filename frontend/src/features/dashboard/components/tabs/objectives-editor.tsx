import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  addSecondaryObjective,
  canAddSecondaryObjective,
  removeSecondaryObjective,
} from '@shared/objective-templates';
import { MAX_SECONDARY_OBJECTIVES } from '@shared/objective-hierarchy';
import { DASHBOARD_MESSAGES } from '@shared/dashboard-messages';
import type { BusinessConfig } from '@shared/schemas/business-config';
import type { MultiObjectiveConfig, Objective, ObjectiveTemplate } from '@shared/schemas/objective';
import {
  generateObjective,
  saveObjective,
  saveObjectives,
  type StoredObjective,
} from '../../api/dashboard-api';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import { multiConfigFor, setPrimaryWeight, setSecondaryWeight, withPrimary } from '../../objective-editor';
import { CapabilityList, CoverageBadge } from './coverage-summary';
import { MultiObjectiveEditor } from './multi-objective-editor';

const humanize = (identifier: string) => identifier.replace(/_/g, ' ');
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The objective without the multi-objective config it was stored with. */
const bare = ({ objective_config: _config, ...objective }: StoredObjective): Objective => objective;

type Notice = { tone: 'error' | 'success'; text: string } | null;

/**
 * Spec §4 "Objectives": a template becomes the current objective through the generator; Save Objective
 * stores it (PUT once it has a business_id, POST before); the multi-objective config is saved with PUT.
 */
export function ObjectivesEditor({
  userId,
  stored,
  templates,
  config,
}: {
  userId: string;
  stored: StoredObjective | null;
  templates: ObjectiveTemplate[];
  config: BusinessConfig | null;
}) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<Objective | null>(() => (stored ? bare(stored) : null));
  const [multi, setMulti] = useState<MultiObjectiveConfig | null>(() =>
    stored ? multiConfigFor(bare(stored), stored.objective_config) : null,
  );
  const [generating, setGenerating] = useState<string | null>(null);
  const [saving, setSaving] = useState<'objective' | 'objectives' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [multiNotice, setMultiNotice] = useState<Notice>(null);

  const modules = config?.authorized_modules ?? [];

  // A save answers with the objective as stored and the config now pointing at it; both are kept as the
  // dashboard's copies, so nothing is read again.
  const remember = ({ config: pointed, ...saved }: StoredObjective & { config: BusinessConfig }) => {
    queryClient.setQueryData(dashboardQueryKeys.objective(userId), saved);
    queryClient.setQueryData(dashboardQueryKeys.config(userId), pointed);
    setCurrent(bare(saved));
    setMulti((previous) => multiConfigFor(bare(saved), saved.objective_config ?? previous ?? undefined));
  };

  const pickTemplate = async (templateId: string) => {
    setGenerating(templateId);
    setNotice(null);
    try {
      const generated = await generateObjective(templateId, config);
      setCurrent(generated);
      setMulti((previous) => withPrimary(previous, generated));
      setNotice({
        tone: 'success',
        text: 'Objective generated. Save it to make it current for your assistant.',
      });
    } catch (error) {
      setNotice({ tone: 'error', text: errorText(error) });
    } finally {
      setGenerating(null);
    }
  };

  const saveCurrent = async () => {
    if (!current) return setNotice({ tone: 'error', text: DASHBOARD_MESSAGES.noObjectiveToSave });
    setSaving('objective');
    setNotice(null);
    try {
      remember(await saveObjective(userId, current));
      setNotice({ tone: 'success', text: 'Objective saved.' });
    } catch (error) {
      setNotice({ tone: 'error', text: errorText(error) });
    } finally {
      setSaving(null);
    }
  };

  const addSecondary = async (templateId: string) => {
    if (!multi) return;
    setGenerating(templateId);
    setMultiNotice(null);
    try {
      const generated = await generateObjective(templateId, config);
      setMulti((previous) => (previous ? addSecondaryObjective(previous, generated) : previous));
    } catch (error) {
      setMultiNotice({ tone: 'error', text: errorText(error) });
    } finally {
      setGenerating(null);
    }
  };

  const saveMulti = async () => {
    // Spec §5: saving the multi-objective configuration needs a primary objective.
    if (!multi || !current)
      return setMultiNotice({ tone: 'error', text: DASHBOARD_MESSAGES.noObjectiveToSave });
    setSaving('objectives');
    setMultiNotice(null);
    try {
      remember(await saveObjectives(userId, multi));
      setMultiNotice({ tone: 'success', text: 'Objectives saved.' });
    } catch (error) {
      setMultiNotice({ tone: 'error', text: errorText(error) });
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="objectives-layout">
      <section className="card dashboard-panel" aria-labelledby="current-objective-title">
        <div className="objectives-head">
          <h2 id="current-objective-title">Current Objective</h2>
          {current ? <CoverageBadge objective={current} modules={modules} /> : null}
        </div>
        <NoticeLine notice={notice} />
        <div data-testid="current-objective">
          {current ? (
            <>
              <p className="objectives-goal">{current.goal}</p>
              {current.success_criteria.length ? (
                <>
                  <h3 className="objectives-subtitle">Success criteria</h3>
                  <ul className="objectives-chips" aria-label="Success criteria">
                    {current.success_criteria.map((criterion) => (
                      <li key={criterion} className="objectives-chip">
                        {humanize(criterion)}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <CapabilityList objective={current} modules={modules} />
            </>
          ) : (
            <p className="dashboard-muted">No objective yet. Choose a template below.</p>
          )}
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!current || saving !== null}
          onClick={() => void saveCurrent()}
        >
          {saving === 'objective' ? 'Saving...' : 'Save Objective'}
        </button>
      </section>

      <section className="card dashboard-panel" aria-labelledby="templates-title">
        <h2 id="templates-title">Choose a Template</h2>
        <div className="objectives-templates">
          {templates.map((template) => {
            const active = current?.template_id === template.id;
            return (
              <button
                key={template.id}
                type="button"
                className={`objectives-template${active ? ' objectives-template-active' : ''}`}
                aria-pressed={active}
                disabled={generating !== null || saving !== null}
                onClick={() => void pickTemplate(template.id)}
              >
                <span className="objectives-template-icon" aria-hidden="true">
                  {template.icon}
                </span>
                <span className="objectives-template-name">{template.display_name}</span>
                <span className="objectives-template-description">{template.description}</span>
                <span className="objectives-template-meta">
                  <span>Revenue impact: {template.revenue_impact}</span>
                  <span>Setup: {template.setup_time}</span>
                </span>
                {generating === template.id ? <span className="dashboard-muted">Generating...</span> : null}
              </button>
            );
          })}
        </div>
      </section>

      <MultiObjectiveEditor
        config={multi}
        templates={templates}
        notice={<NoticeLine notice={multiNotice} />}
        busy={generating !== null || saving !== null}
        saving={saving === 'objectives'}
        canAdd={multi ? canAddSecondaryObjective(multi) : false}
        maxSecondary={MAX_SECONDARY_OBJECTIVES}
        onPrimaryWeight={(value) => setMulti((c) => (c ? setPrimaryWeight(c, value) : c))}
        onSecondaryWeight={(index, value) => setMulti((c) => (c ? setSecondaryWeight(c, index, value) : c))}
        onRemove={(index) => setMulti((c) => (c ? removeSecondaryObjective(c, index) : c))}
        onAdd={(templateId) => void addSecondary(templateId)}
        onSave={() => void saveMulti()}
      />
    </div>
  );
}

function NoticeLine({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <div className={`alert alert-${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </div>
  );
}
