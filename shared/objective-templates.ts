import { CONFLICT_RESOLUTION, DEFAULT_PRIMARY_WEIGHT, MAX_SECONDARY_OBJECTIVES } from './objective-hierarchy';
import type { MultiObjectiveConfig, Objective, ObjectiveTemplate } from './schemas/objective';

/**
 * Business objectives: the built-in templates, which ones each business type is offered, the capability
 * coverage rule and the multi-objective rules (spec §4 "Objectives", §5, §9). Pure data and functions only;
 * the API and the wizard both import them.
 */

/** Capabilities an objective can require; each comes from an enabled module (MODULE_CAPABILITIES). */
export const CAPABILITIES = [
  'contact_validation',
  'info_collection',
  'availability_check',
  'deposit_collection',
  'appointment_creation',
  'pricing_info',
  'manager_escalation',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Spec §4: which capabilities each module gives. */
export const MODULE_CAPABILITIES: Record<string, readonly Capability[]> = {
  sms: ['contact_validation', 'info_collection'],
  booking: ['availability_check', 'deposit_collection'],
  scheduling: ['availability_check', 'appointment_creation'],
  pricing: ['pricing_info'],
  escalation: ['manager_escalation'],
};

export const TEMPLATE_DEFAULTS = { revenue_impact: 'High', setup_time: '5 min' } as const;

const template = (
  fields: Omit<ObjectiveTemplate, 'revenue_impact' | 'setup_time'> &
    Partial<Pick<ObjectiveTemplate, 'revenue_impact' | 'setup_time'>>,
): ObjectiveTemplate => ({ ...TEMPLATE_DEFAULTS, ...fields });

/** The built-in objective templates, keyed by id. */
export const OBJECTIVE_TEMPLATES = {
  book_with_deposit: template({
    id: 'book_with_deposit',
    display_name: 'Book Appointments with Deposit',
    description:
      'Checks availability, books the caller in and secures the slot with a deposit during the call.',
    icon: '📅',
    goal: 'Turn every booking call into a confirmed appointment secured by a deposit.',
    required_capabilities: [
      'availability_check',
      'appointment_creation',
      'deposit_collection',
      'contact_validation',
    ],
    success_criteria: ['appointment_booked', 'deposit_collected', 'confirmation_sent'],
  }),
  capture_leads: template({
    id: 'capture_leads',
    display_name: 'Capture Every Lead',
    description: 'Collects name, number and what the caller needs so no enquiry is lost, even after hours.',
    icon: '🎯',
    setup_time: '2 min',
    goal: "Capture a validated contact and the caller's need on every call that does not book right away.",
    required_capabilities: ['contact_validation', 'info_collection'],
    success_criteria: ['contact_captured', 'need_recorded'],
  }),
  answer_faqs: template({
    id: 'answer_faqs',
    display_name: 'Answer FAQs & Pricing',
    description:
      'Answers questions about services, hours and prices, and offers to book when the caller is ready.',
    icon: '💬',
    revenue_impact: 'Medium',
    setup_time: '3 min',
    goal: 'Answer questions about services, hours and prices accurately and offer the next step.',
    required_capabilities: ['pricing_info', 'info_collection'],
    success_criteria: ['question_answered', 'next_step_offered'],
  }),
  reduce_no_shows: template({
    id: 'reduce_no_shows',
    display_name: 'Reduce No-Shows',
    description: 'Confirms appointments by text, takes a deposit and offers a new time when plans change.',
    icon: '⏰',
    goal: 'Cut missed appointments with confirmations, deposits and easy rescheduling.',
    required_capabilities: ['contact_validation', 'deposit_collection', 'availability_check'],
    success_criteria: ['confirmation_sent', 'deposit_collected', 'reschedule_offered'],
  }),
  upsell_services: template({
    id: 'upsell_services',
    display_name: 'Upsell Add-On Services',
    description: 'Suggests a fitting add-on or upgrade with its price when a caller books.',
    icon: '✨',
    revenue_impact: 'Medium',
    goal: 'Raise the average ticket by offering a relevant add-on with its price on every booking.',
    required_capabilities: ['pricing_info', 'availability_check', 'appointment_creation'],
    success_criteria: ['add_on_offered', 'add_on_accepted'],
  }),
  emergency_dispatch: template({
    id: 'emergency_dispatch',
    display_name: 'Emergency Dispatch',
    description: 'Recognises urgent jobs, takes the address and details, and alerts the manager at once.',
    icon: '🚨',
    setup_time: '10 min',
    goal: 'Get urgent jobs to the on-call manager within minutes, with the address and the problem recorded.',
    required_capabilities: ['manager_escalation', 'contact_validation', 'info_collection'],
    success_criteria: ['emergency_escalated', 'address_collected'],
  }),
  new_patient_intake: template({
    id: 'new_patient_intake',
    display_name: 'New Patient Intake',
    description:
      'Welcomes new patients, collects their details and reason for visit, and books the first visit.',
    icon: '🦷',
    goal: 'Book first visits for new patients with their contact details and reason for visit collected.',
    required_capabilities: [
      'info_collection',
      'contact_validation',
      'availability_check',
      'appointment_creation',
    ],
    success_criteria: ['patient_details_collected', 'appointment_booked'],
  }),
  quote_and_schedule: template({
    id: 'quote_and_schedule',
    display_name: 'Quote & Schedule Service',
    description: 'Gives a price range for the job, then books a service slot or an estimate visit.',
    icon: '🔧',
    goal: 'Give callers a clear price range and book the service or an estimate visit on the same call.',
    required_capabilities: ['pricing_info', 'info_collection', 'availability_check', 'appointment_creation'],
    success_criteria: ['quote_given', 'appointment_booked'],
  }),
} satisfies Record<string, ObjectiveTemplate>;
export type TemplateId = keyof typeof OBJECTIVE_TEMPLATES;

/** Which templates each business type is offered, best first (spec business types; unknown → other). */
const TEMPLATES_BY_BUSINESS_TYPE: Record<string, readonly TemplateId[]> = {
  salon: ['book_with_deposit', 'reduce_no_shows', 'upsell_services', 'answer_faqs', 'capture_leads'],
  spa: ['book_with_deposit', 'upsell_services', 'reduce_no_shows', 'answer_faqs', 'capture_leads'],
  dental: ['new_patient_intake', 'reduce_no_shows', 'answer_faqs', 'capture_leads', 'book_with_deposit'],
  medical: ['new_patient_intake', 'reduce_no_shows', 'answer_faqs', 'capture_leads', 'emergency_dispatch'],
  auto: ['quote_and_schedule', 'book_with_deposit', 'capture_leads', 'upsell_services', 'answer_faqs'],
  home: ['emergency_dispatch', 'quote_and_schedule', 'capture_leads', 'book_with_deposit', 'answer_faqs'],
  other: ['book_with_deposit', 'capture_leads', 'answer_faqs', 'reduce_no_shows', 'upsell_services'],
};

export const templatesForBusinessType = (type: string | undefined): ObjectiveTemplate[] =>
  (TEMPLATES_BY_BUSINESS_TYPE[type ?? 'other'] ?? TEMPLATES_BY_BUSINESS_TYPE.other!).map(
    (id) => OBJECTIVE_TEMPLATES[id],
  );

export const findTemplate = (id: string): ObjectiveTemplate | undefined =>
  Object.hasOwn(OBJECTIVE_TEMPLATES, id) ? OBJECTIVE_TEMPLATES[id as TemplateId] : undefined;

/** Spec §9: only the first 4 templates are offered. */
export const OFFERED_TEMPLATE_COUNT = 4;
export const offeredTemplates = <T>(templates: readonly T[]): T[] =>
  templates.slice(0, OFFERED_TEMPLATE_COUNT);

// ---- Capability coverage (spec §4, thresholds §9) ----

/** Shown instead of a coverage badge when the business has no enabled modules. */
export const NO_MODULES_TEXT = 'Contact support to configure capabilities.';
export const COVERAGE_THRESHOLDS = { green: 80, yellow: 50 } as const;

export const capabilitiesOfModules = (modules: readonly string[]): Set<string> =>
  new Set(modules.flatMap((module) => MODULE_CAPABILITIES[module] ?? []));

/**
 * Share (0-100, rounded) of the objective's required capabilities covered by the enabled modules. An
 * objective that requires nothing is fully covered.
 */
export function coveragePercent(requiredCapabilities: readonly string[], enabledModules: readonly string[]) {
  const required = [...new Set(requiredCapabilities)];
  if (required.length === 0) return 100;
  const available = capabilitiesOfModules(enabledModules);
  return Math.round((required.filter((c) => available.has(c)).length / required.length) * 100);
}

export type BadgeColor = 'green' | 'yellow' | 'red';

export const coverageBadgeColor = (percent: number): BadgeColor =>
  percent >= COVERAGE_THRESHOLDS.green ? 'green' : percent >= COVERAGE_THRESHOLDS.yellow ? 'yellow' : 'red';

/** Spec §9: completion-rate colours (rates 0-1) and suggestion impact colours. */
export const completionRateColor = (rate: number): BadgeColor =>
  rate >= 0.8 ? 'green' : rate >= 0.6 ? 'yellow' : 'red';
export const IMPACT_COLORS = { high: 'red', medium: 'yellow', low: 'green' } as const satisfies Record<
  string,
  BadgeColor
>;

// ---- Multi-objective rules (spec §5, §9) ----

// The hierarchy's limits and defaults are in shared/objective-hierarchy.ts (the schema checks them).
export const DEFAULT_SECONDARY_CONDITIONS = ['after_hours', 'high_volume'] as const;

/** Two decimals are enough for weights and keep 0.3 / 3 from reading 0.09999999999999999. */
const roundWeight = (weight: number) => Math.round(weight * 100) / 100;

/** Spec §9: a newly added secondary gets 0.3 divided by (existing secondary count + 1). */
export const newSecondaryWeight = (existingSecondaryCount: number) =>
  roundWeight(0.3 / (existingSecondaryCount + 1));

export const canAddSecondaryObjective = (config: Pick<MultiObjectiveConfig, 'secondary_objectives'>) =>
  config.secondary_objectives.length < MAX_SECONDARY_OBJECTIVES;

/** A template as the owner's primary objective: its goal and criteria, the default weight, no conditions. */
export const primaryObjectiveFromTemplate = (
  template: ObjectiveTemplate,
  ids: { id: string; business_id: string },
): Objective & { business_id: string } => ({
  id: ids.id,
  goal: template.goal,
  required_capabilities: [...template.required_capabilities],
  success_criteria: [...template.success_criteria],
  priority: 'primary',
  weight: DEFAULT_PRIMARY_WEIGHT,
  conditions: [],
  business_id: ids.business_id,
  template_id: template.id,
});

/** A multi-objective config with just the primary, at the default weight. */
export const initialMultiObjectiveConfig = (primary: Objective): MultiObjectiveConfig => ({
  primary_objective: { ...primary, priority: 'primary', weight: DEFAULT_PRIMARY_WEIGHT },
  secondary_objectives: [],
  objective_hierarchy: {
    primary_weight: DEFAULT_PRIMARY_WEIGHT,
    secondary_weights: [],
    conflict_resolution: CONFLICT_RESOLUTION,
  },
});

/** Adds a secondary with the default weight and conditions; unchanged when 3 are already there. */
export function addSecondaryObjective(
  config: MultiObjectiveConfig,
  objective: Objective,
): MultiObjectiveConfig {
  if (!canAddSecondaryObjective(config)) return config;
  const weight = newSecondaryWeight(config.secondary_objectives.length);
  return {
    ...config,
    secondary_objectives: [
      ...config.secondary_objectives,
      { ...objective, priority: 'secondary', weight, conditions: [...DEFAULT_SECONDARY_CONDITIONS] },
    ],
    objective_hierarchy: {
      ...config.objective_hierarchy,
      secondary_weights: [...config.objective_hierarchy.secondary_weights, weight],
    },
  };
}

export function removeSecondaryObjective(config: MultiObjectiveConfig, index: number): MultiObjectiveConfig {
  return {
    ...config,
    secondary_objectives: config.secondary_objectives.filter((_, i) => i !== index),
    objective_hierarchy: {
      ...config.objective_hierarchy,
      secondary_weights: config.objective_hierarchy.secondary_weights.filter((_, i) => i !== index),
    },
  };
}

/** Snaps a slider value into its range on its 0.1 grid. */
export const snapWeight = (value: number, slider: { min: number; max: number; step: number }) =>
  roundWeight(Math.min(slider.max, Math.max(slider.min, Math.round(value / slider.step) * slider.step)));
