import { useId, useState, type ReactNode } from 'react';
import { PRIMARY_WEIGHT_SLIDER, SECONDARY_WEIGHT_SLIDER } from '@shared/objective-hierarchy';
import type { MultiObjectiveConfig, ObjectiveTemplate } from '@shared/schemas/objective';
import { rangeFillStyle } from '../../../../components/ui/range-fill';

const humanize = (identifier: string) => identifier.replace(/_/g, ' ');

type Props = {
  config: MultiObjectiveConfig | null;
  templates: ObjectiveTemplate[];
  notice: ReactNode;
  busy: boolean;
  saving: boolean;
  canAdd: boolean;
  maxSecondary: number;
  onPrimaryWeight: (value: number) => void;
  onSecondaryWeight: (index: number, value: number) => void;
  onRemove: (index: number) => void;
  onAdd: (templateId: string) => void;
  onSave: () => void;
};

/**
 * Spec §5 multi-objective configuration: the primary with its weight (0.5-1.0), up to 3 secondaries with
 * theirs (0.1-0.5) and their conditions, conflicts resolved by priority. Needs a primary objective.
 */
export function MultiObjectiveEditor(props: Props) {
  const { config, templates, notice, busy, saving, canAdd, maxSecondary } = props;
  // A template already used as the primary or a secondary is not offered again.
  const used = new Set(
    config ? [config.primary_objective, ...config.secondary_objectives].map((o) => o.template_id) : [],
  );
  const choices = templates.filter((template) => !used.has(template.id));
  const [picked, setPicked] = useState('');
  const templateId = choices.some((t) => t.id === picked) ? picked : (choices[0]?.id ?? '');
  return (
    <section className="card dashboard-panel" aria-labelledby="multi-objective-title">
      <h2 id="multi-objective-title">Multi-Objective Configuration</h2>
      {notice}
      {!config ? (
        <p className="dashboard-muted">Choose a template to set your primary objective first.</p>
      ) : (
        <>
          <div className="objectives-weight-row" data-testid="primary-objective">
            <div>
              <span className="objectives-priority">Primary</span>
              <p className="objectives-weight-goal">{config.primary_objective.goal}</p>
            </div>
            <WeightSlider
              label="Primary weight"
              value={config.objective_hierarchy.primary_weight}
              range={PRIMARY_WEIGHT_SLIDER}
              disabled={busy}
              onChange={props.onPrimaryWeight}
            />
          </div>

          <h3 className="objectives-subtitle">
            Secondary objectives ({config.secondary_objectives.length}/{maxSecondary})
          </h3>
          {config.secondary_objectives.length === 0 ? (
            <p className="dashboard-muted">
              None yet. Add one for situations like after-hours or busy times.
            </p>
          ) : (
            <ol className="objectives-secondary-list">
              {config.secondary_objectives.map((secondary, index) => (
                <li
                  key={`${secondary.id}-${index}`}
                  className="objectives-weight-row"
                  data-testid="secondary-objective"
                >
                  <div>
                    <span className="objectives-priority">Secondary {index + 1}</span>
                    <p className="objectives-weight-goal">{secondary.goal}</p>
                    <ul className="objectives-chips" aria-label={`Conditions of secondary ${index + 1}`}>
                      {secondary.conditions.map((condition) => (
                        <li key={condition} className="objectives-chip" data-testid="secondary-condition">
                          {humanize(condition)}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <div className="objectives-weight-actions">
                    <WeightSlider
                      label={`Secondary ${index + 1} weight`}
                      value={config.objective_hierarchy.secondary_weights[index] ?? secondary.weight}
                      range={SECONDARY_WEIGHT_SLIDER}
                      disabled={busy}
                      onChange={(value) => props.onSecondaryWeight(index, value)}
                    />
                    <button
                      type="button"
                      className="btn-link"
                      disabled={busy}
                      onClick={() => props.onRemove(index)}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          )}

          <div className="objectives-add">
            <label className="field objectives-add-field">
              <span>Secondary objective template</span>
              <select
                value={templateId}
                onChange={(event) => setPicked(event.target.value)}
                disabled={busy || choices.length === 0}
              >
                {/* With every template in use the select says so instead of showing an empty box. */}
                {choices.length === 0 ? <option value="">Every template is already in use</option> : null}
                {choices.map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.display_name}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={!canAdd || busy || !templateId}
              onClick={() => props.onAdd(templateId)}
            >
              Add Secondary Objective
            </button>
          </div>
          {!canAdd ? (
            <p className="dashboard-muted">
              Up to {maxSecondary} secondary objectives. Remove one to add another.
            </p>
          ) : null}
          <p className="dashboard-muted objectives-conflict">
            Conflicts are resolved by priority: the primary objective comes first.
          </p>
        </>
      )}
      <button type="button" className="btn btn-primary" disabled={!config || busy} onClick={props.onSave}>
        {saving ? 'Saving...' : 'Save Objectives'}
      </button>
    </section>
  );
}

function WeightSlider({
  label,
  value,
  range,
  disabled,
  onChange,
}: {
  label: string;
  value: number;
  range: { min: number; max: number; step: number };
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="objectives-slider">
      <span>
        <label htmlFor={id}>{label}</label>:{' '}
        <output htmlFor={id} data-testid="weight-value">
          {value}
        </output>
      </span>
      <input
        id={id}
        className="range-input"
        style={rangeFillStyle(value, range.min, range.max)}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}
