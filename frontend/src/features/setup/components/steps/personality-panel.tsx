import { useState } from 'react';
import {
  matchingPreset,
  PERSONALITY_PRESETS,
  PERSONALITY_TRAITS,
  TRAIT_NAMES,
  type PresetId,
  type TraitName,
  type TraitValues,
} from '@shared/personality';
import { PRESET_DESCRIPTIONS, TRAIT_LABELS, TRAIT_OPTION_CONTENT } from '@shared/personality-content';
import { rangeFillStyle } from '../../../../components/ui/range-fill';
import { ToggleSwitch } from '../../../../components/ui/toggle-switch';

/**
 * Presets and the five trait sliders (spec §4 "Personality"): a preset sets all five; a matching preset is
 * highlighted; with no match the custom panel opens; a toggle shows or hides it.
 */
export function PersonalityPanel({
  traits,
  onChange,
}: {
  traits: TraitValues;
  onChange: (traits: TraitValues) => void;
}) {
  const active = matchingPreset(traits);
  const [showCustom, setShowCustom] = useState(active === undefined);
  const customOpen = showCustom || active === undefined;

  const setTrait = (name: TraitName, index: number) => {
    const option = PERSONALITY_TRAITS[name][index];
    if (option) onChange({ ...traits, [name]: option } as TraitValues);
  };

  return (
    <div className="personality-panel">
      <h3 className="panel-title">Personality</h3>
      <div className="preset-grid" role="group" aria-label="Personality presets">
        {(Object.keys(PERSONALITY_PRESETS) as PresetId[]).map((id) => (
          <button
            key={id}
            type="button"
            className={`preset-card${active === id ? ' active' : ''}`}
            aria-pressed={active === id}
            onClick={() => onChange({ ...PERSONALITY_PRESETS[id].traits })}
          >
            <span className="preset-name">{PERSONALITY_PRESETS[id].label}</span>
            <span className="preset-description">{PRESET_DESCRIPTIONS[id]}</span>
          </button>
        ))}
      </div>
      <ToggleSwitch
        id="custom-personality"
        label="Custom settings"
        description="Fine-tune each trait yourself."
        checked={customOpen}
        onChange={setShowCustom}
      />
      {customOpen ? (
        <div className="trait-sliders">
          {TRAIT_NAMES.map((name) => {
            const options = PERSONALITY_TRAITS[name] as readonly string[];
            const index = options.indexOf(traits[name]);
            const content = (
              TRAIT_OPTION_CONTENT[name] as Record<string, { description: string; sampleResponse: string }>
            )[traits[name]];
            return (
              <div className="trait-slider" key={name}>
                <div className="trait-slider-head">
                  <label htmlFor={`trait-${name}`}>{TRAIT_LABELS[name].label}</label>
                  <span className="trait-value">{traits[name]}</span>
                </div>
                <input
                  id={`trait-${name}`}
                  className="range-input"
                  style={rangeFillStyle(index, 0, options.length - 1)}
                  type="range"
                  min={0}
                  max={options.length - 1}
                  step={1}
                  value={index}
                  aria-valuetext={traits[name]}
                  onChange={(event) => setTrait(name, Number(event.target.value))}
                />
                <div className="trait-ticks" aria-hidden="true">
                  {options.map((option) => (
                    <span key={option} className={option === traits[name] ? 'current' : ''}>
                      {option}
                    </span>
                  ))}
                </div>
                {content ? (
                  <p className="trait-detail">
                    {content.description} <em>“{content.sampleResponse}”</em>
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
