import { z } from 'zod';
import {
  CONFLICT_RESOLUTION,
  DEFAULT_PRIMARY_WEIGHT,
  MAX_SECONDARY_OBJECTIVES,
  PRIMARY_WEIGHT_SLIDER,
  SECONDARY_WEIGHT_SLIDER,
} from '../objective-hierarchy';
import { BUSINESS_TYPE_VALUES } from '../signup-rules';
import { businessConfigSchema } from './business-config';
import { TEXT_LIMITS } from '../text-limits';

/**
 * Objectives (spec §3 "Objective", "Objective template", "Multi-objective config"). Capability and criterion
 * names are snake_case identifiers: the LLM may propose capabilities the module map does not know yet, and
 * they then simply count as uncovered.
 */
const identifier = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_]*$/, 'Use lower-case letters, digits and underscores');

export const OBJECTIVE_PRIORITIES = ['primary', 'secondary'] as const;
export type ObjectivePriority = (typeof OBJECTIVE_PRIORITIES)[number];

export const objectiveSchema = z.object({
  id: z.string().min(1).max(100),
  goal: z.string().trim().min(1).max(TEXT_LIMITS.objectiveGoal),
  required_capabilities: z.array(identifier).max(20),
  success_criteria: z.array(identifier).max(20),
  priority: z.enum(OBJECTIVE_PRIORITIES),
  weight: z.number().min(0).max(1),
  conditions: z.array(identifier).max(10),
  business_id: z.string().max(100).optional(),
  template_id: z.string().max(100).optional(),
});
export type Objective = z.infer<typeof objectiveSchema>;

/** What a client sends: id, priority, weight and conditions may be left to the defaults. */
export const objectiveInputSchema = objectiveSchema.extend({
  id: objectiveSchema.shape.id.optional(),
  priority: objectiveSchema.shape.priority.default('primary'),
  weight: objectiveSchema.shape.weight.default(DEFAULT_PRIMARY_WEIGHT),
  conditions: objectiveSchema.shape.conditions.default([]),
});
export type ObjectiveInput = z.input<typeof objectiveInputSchema>;

export const objectiveTemplateSchema = z.object({
  id: identifier,
  display_name: z.string().min(1).max(100),
  description: z.string().max(500),
  icon: z.string().max(16),
  revenue_impact: z.string().max(40).default('High'),
  setup_time: z.string().max(40).default('5 min'),
  goal: z.string().min(1).max(1000),
  required_capabilities: z.array(identifier),
  success_criteria: z.array(identifier),
});
export type ObjectiveTemplate = z.output<typeof objectiveTemplateSchema>;

/** Spec §5 and §9: slider ranges, at most 3 secondaries, priority-based conflict resolution. */
export const objectiveHierarchySchema = z.object({
  primary_weight: z.number().min(PRIMARY_WEIGHT_SLIDER.min).max(PRIMARY_WEIGHT_SLIDER.max),
  secondary_weights: z
    .array(z.number().min(SECONDARY_WEIGHT_SLIDER.min).max(SECONDARY_WEIGHT_SLIDER.max))
    .max(MAX_SECONDARY_OBJECTIVES),
  conflict_resolution: z.literal(CONFLICT_RESOLUTION),
});
export type ObjectiveHierarchy = z.infer<typeof objectiveHierarchySchema>;

export const multiObjectiveConfigSchema = z
  .object({
    primary_objective: objectiveSchema,
    secondary_objectives: z.array(objectiveSchema).max(MAX_SECONDARY_OBJECTIVES),
    objective_hierarchy: objectiveHierarchySchema,
  })
  .refine((c) => c.objective_hierarchy.secondary_weights.length === c.secondary_objectives.length, {
    message: 'Give one secondary weight per secondary objective',
    path: ['objective_hierarchy', 'secondary_weights'],
  });
export type MultiObjectiveConfig = z.infer<typeof multiObjectiveConfigSchema>;

/**
 * The objective as stored for the business (what GET answers and what a save answers with): always the
 * owner's business_id, and the multi-objective config it was last saved with, if any.
 */
export const storedObjectiveSchema = objectiveSchema.extend({
  business_id: z.string(),
  objective_config: multiObjectiveConfigSchema.optional(),
});
export type StoredObjective = z.infer<typeof storedObjectiveSchema>;
/** GET with ?if_missing=null: none yet is a JSON null (api-queries.ts). */
export const storedObjectiveOrNoneSchema = storedObjectiveSchema.nullable();

/**
 * What a save (POST or PUT) answers: the objective as stored, and the business config the same transaction
 * pointed at it (business_objective_id, objective_template: setup step 6), as GET shows it.
 */
export const objectiveSaveResponseSchema = storedObjectiveSchema.extend({ config: businessConfigSchema });

/** GET /oauth/objective-templates/discover and /{type}: the templates for a business type, best first. */
export const objectiveTemplatesResponseSchema = z.object({
  business_type: z.enum(BUSINESS_TYPE_VALUES),
  templates: z.array(objectiveTemplateSchema),
});
/** GET /api/templates: every built-in template, keyed by id. */
export const objectiveTemplatesByIdResponseSchema = z.object({
  templates: z.record(z.string(), objectiveTemplateSchema),
});
