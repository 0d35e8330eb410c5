/**
 * Spec §5, §9: the multi-objective hierarchy's limits and defaults. Apart from shared/objective-templates.ts
 * so that the objective schema (shared/schemas/objective.ts) can check them while the rules there name the
 * schema's types: one direction, no cycle.
 */
export const MAX_SECONDARY_OBJECTIVES = 3;
export const DEFAULT_PRIMARY_WEIGHT = 0.7;
export const CONFLICT_RESOLUTION = 'priority_based' as const;
export const PRIMARY_WEIGHT_SLIDER = { min: 0.5, max: 1.0, step: 0.1 } as const;
export const SECONDARY_WEIGHT_SLIDER = { min: 0.1, max: 0.5, step: 0.1 } as const;
