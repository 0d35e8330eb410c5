import { initialMultiObjectiveConfig, snapWeight } from '@shared/objective-templates';
import {
  CONFLICT_RESOLUTION,
  DEFAULT_PRIMARY_WEIGHT,
  PRIMARY_WEIGHT_SLIDER,
  SECONDARY_WEIGHT_SLIDER,
} from '@shared/objective-hierarchy';
import type { MultiObjectiveConfig, Objective } from '@shared/schemas/objective';

/**
 * Editing rules of the Objectives tab's multi-objective configuration, on top of the shared rules in
 * @shared/objective-templates (adding and removing secondaries, default weights and conditions). The
 * hierarchy's weights and the objectives' own weight fields always move together.
 */

/** The stored multi-objective config when it belongs to this primary; otherwise a fresh one around it. */
export function multiConfigFor(
  primary: Objective,
  stored: MultiObjectiveConfig | undefined,
): MultiObjectiveConfig {
  if (!stored) return initialMultiObjectiveConfig(primary);
  return withPrimary(stored, primary);
}

/**
 * A new current objective (a generated template) replaces the primary; the secondaries and the chosen
 * primary weight stay.
 */
export function withPrimary(config: MultiObjectiveConfig | null, primary: Objective): MultiObjectiveConfig {
  if (!config) return initialMultiObjectiveConfig(primary);
  const weight = config.objective_hierarchy.primary_weight ?? DEFAULT_PRIMARY_WEIGHT;
  return {
    ...config,
    primary_objective: { ...primary, priority: 'primary', weight },
    objective_hierarchy: { ...config.objective_hierarchy, conflict_resolution: CONFLICT_RESOLUTION },
  };
}

/** Spec §5: the primary weight slider runs 0.5 to 1.0 in steps of 0.1. */
export function setPrimaryWeight(config: MultiObjectiveConfig, value: number): MultiObjectiveConfig {
  const weight = snapWeight(value, PRIMARY_WEIGHT_SLIDER);
  return {
    ...config,
    primary_objective: { ...config.primary_objective, weight },
    objective_hierarchy: { ...config.objective_hierarchy, primary_weight: weight },
  };
}

/** Spec §5: a secondary weight slider runs 0.1 to 0.5 in steps of 0.1. */
export function setSecondaryWeight(
  config: MultiObjectiveConfig,
  index: number,
  value: number,
): MultiObjectiveConfig {
  if (index < 0 || index >= config.secondary_objectives.length) return config;
  const weight = snapWeight(value, SECONDARY_WEIGHT_SLIDER);
  return {
    ...config,
    secondary_objectives: config.secondary_objectives.map((o, i) => (i === index ? { ...o, weight } : o)),
    objective_hierarchy: {
      ...config.objective_hierarchy,
      secondary_weights: config.objective_hierarchy.secondary_weights.map((w, i) =>
        i === index ? weight : w,
      ),
    },
  };
}
