import { describe, expect, it } from 'vitest';
import { addSecondaryObjective, initialMultiObjectiveConfig } from '@shared/objective-templates';
import type { Objective } from '@shared/schemas/objective';
import { multiConfigFor, setPrimaryWeight, setSecondaryWeight, withPrimary } from './objective-editor';

const objective = (id: string): Objective => ({
  id,
  goal: `Goal ${id}`,
  required_capabilities: ['pricing_info'],
  success_criteria: ['question_answered'],
  priority: 'primary',
  weight: 0.7,
  conditions: [],
});

describe('multiConfigFor', () => {
  it('starts a fresh config at the default primary weight when none is stored', () => {
    const config = multiConfigFor(objective('a'), undefined);
    expect(config.primary_objective.id).toBe('a');
    expect(config.objective_hierarchy).toEqual({
      primary_weight: 0.7,
      secondary_weights: [],
      conflict_resolution: 'priority_based',
    });
  });

  it('keeps the stored secondaries and weight around the current primary', () => {
    const stored = addSecondaryObjective(
      setPrimaryWeight(initialMultiObjectiveConfig(objective('a')), 0.9),
      objective('b'),
    );
    const config = multiConfigFor(objective('c'), stored);
    expect(config.primary_objective).toMatchObject({ id: 'c', priority: 'primary', weight: 0.9 });
    expect(config.secondary_objectives.map((o) => o.id)).toEqual(['b']);
  });
});

describe('withPrimary', () => {
  it('replaces the primary and keeps the rest', () => {
    const base = addSecondaryObjective(initialMultiObjectiveConfig(objective('a')), objective('b'));
    const next = withPrimary(base, { ...objective('z'), priority: 'secondary', weight: 0.2 });
    expect(next.primary_objective).toMatchObject({ id: 'z', priority: 'primary', weight: 0.7 });
    expect(next.objective_hierarchy.secondary_weights).toEqual([0.3]);
  });
});

describe('weights', () => {
  it('moves the primary weight on the 0.5-1.0 grid, in the hierarchy and on the objective', () => {
    const config = initialMultiObjectiveConfig(objective('a'));
    expect(setPrimaryWeight(config, 0.84).objective_hierarchy.primary_weight).toBe(0.8);
    expect(setPrimaryWeight(config, 0.84).primary_objective.weight).toBe(0.8);
    expect(setPrimaryWeight(config, 0.2).objective_hierarchy.primary_weight).toBe(0.5);
    expect(setPrimaryWeight(config, 3).objective_hierarchy.primary_weight).toBe(1);
  });

  it('moves one secondary weight on the 0.1-0.5 grid', () => {
    let config = initialMultiObjectiveConfig(objective('a'));
    config = addSecondaryObjective(config, objective('b'));
    config = addSecondaryObjective(config, objective('c'));
    expect(config.objective_hierarchy.secondary_weights).toEqual([0.3, 0.15]);
    const next = setSecondaryWeight(config, 1, 0.9);
    expect(next.objective_hierarchy.secondary_weights).toEqual([0.3, 0.5]);
    expect(next.secondary_objectives.map((o) => o.weight)).toEqual([0.3, 0.5]);
    expect(setSecondaryWeight(config, 0, 0).objective_hierarchy.secondary_weights).toEqual([0.1, 0.15]);
    expect(setSecondaryWeight(config, 5, 0.4)).toBe(config);
  });
});
