import { describe, expect, it } from 'vitest';
import {
  addSecondaryObjective,
  coverageBadgeColor,
  coveragePercent,
  completionRateColor,
  findTemplate,
  IMPACT_COLORS,
  initialMultiObjectiveConfig,
  MODULE_CAPABILITIES,
  newSecondaryWeight,
  OBJECTIVE_TEMPLATES,
  offeredTemplates,
  primaryObjectiveFromTemplate,
  removeSecondaryObjective,
  snapWeight,
  templatesForBusinessType,
  CAPABILITIES,
} from './objective-templates';
import { PRIMARY_WEIGHT_SLIDER, SECONDARY_WEIGHT_SLIDER } from './objective-hierarchy';
import {
  multiObjectiveConfigSchema,
  objectiveInputSchema,
  objectiveSchema,
  objectiveTemplateSchema,
  type Objective,
} from './schemas/objective';

const objective = (id: string): Objective => ({
  id,
  goal: `Goal ${id}`,
  required_capabilities: ['availability_check'],
  success_criteria: ['appointment_booked'],
  priority: 'primary',
  weight: 0.7,
  conditions: [],
});

describe('objective templates', () => {
  it('has at least six valid templates whose capabilities all come from the module map', () => {
    const templates = Object.values(OBJECTIVE_TEMPLATES);
    expect(templates.length).toBeGreaterThanOrEqual(6);
    const mapped = new Set(Object.values(MODULE_CAPABILITIES).flat());
    for (const t of templates) {
      expect(objectiveTemplateSchema.parse(t)).toEqual(t);
      for (const capability of t.required_capabilities) expect(mapped.has(capability as never)).toBe(true);
    }
    expect([...mapped].sort()).toEqual([...CAPABILITIES].sort());
  });

  it('defaults revenue impact to High and setup time to 5 min', () => {
    expect(OBJECTIVE_TEMPLATES.book_with_deposit.revenue_impact).toBe('High');
    expect(OBJECTIVE_TEMPLATES.book_with_deposit.setup_time).toBe('5 min');
    expect(OBJECTIVE_TEMPLATES.capture_leads.setup_time).toBe('2 min');
    const parsed = objectiveTemplateSchema.parse({
      id: 'x',
      display_name: 'X',
      description: '',
      icon: '*',
      goal: 'g',
      required_capabilities: [],
      success_criteria: [],
    });
    expect(parsed.revenue_impact).toBe('High');
    expect(parsed.setup_time).toBe('5 min');
  });

  it('offers each business type its own ordering and falls back to other', () => {
    expect(templatesForBusinessType('salon')[0]!.id).toBe('book_with_deposit');
    expect(templatesForBusinessType('dental')[0]!.id).toBe('new_patient_intake');
    expect(templatesForBusinessType('home')[0]!.id).toBe('emergency_dispatch');
    expect(templatesForBusinessType('auto')[0]!.id).toBe('quote_and_schedule');
    expect(templatesForBusinessType('unknown').map((t) => t.id)).toEqual(
      templatesForBusinessType('other').map((t) => t.id),
    );
    expect(templatesForBusinessType(undefined)).toEqual(templatesForBusinessType('other'));
  });

  it('offers only the first 4 templates', () => {
    const list = templatesForBusinessType('salon');
    expect(list.length).toBeGreaterThan(4);
    expect(offeredTemplates(list).map((t) => t.id)).toEqual(list.slice(0, 4).map((t) => t.id));
  });

  it('finds templates by id only', () => {
    expect(findTemplate('capture_leads')?.display_name).toBe('Capture Every Lead');
    expect(findTemplate('toString')).toBeUndefined();
    expect(findTemplate('nope')).toBeUndefined();
  });
});

describe('capability coverage', () => {
  it('maps modules to capabilities as the spec gives', () => {
    expect(MODULE_CAPABILITIES).toEqual({
      sms: ['contact_validation', 'info_collection'],
      booking: ['availability_check', 'deposit_collection'],
      scheduling: ['availability_check', 'appointment_creation'],
      pricing: ['pricing_info'],
      escalation: ['manager_escalation'],
    });
  });

  it('computes the covered share in percent', () => {
    const required = [
      'availability_check',
      'appointment_creation',
      'deposit_collection',
      'contact_validation',
    ];
    expect(coveragePercent(required, [])).toBe(0);
    expect(coveragePercent(required, ['booking'])).toBe(50);
    expect(coveragePercent(required, ['booking', 'scheduling'])).toBe(75);
    expect(coveragePercent(required, ['booking', 'scheduling', 'sms'])).toBe(100);
    expect(coveragePercent(['pricing_info', 'info_collection', 'manager_escalation'], ['pricing'])).toBe(33);
    expect(coveragePercent(['custom_thing'], ['sms', 'booking'])).toBe(0);
    expect(coveragePercent([], [])).toBe(100);
  });

  it('colours the badge green at 80+, yellow at 50+, red below', () => {
    expect(coverageBadgeColor(100)).toBe('green');
    expect(coverageBadgeColor(80)).toBe('green');
    expect(coverageBadgeColor(79)).toBe('yellow');
    expect(coverageBadgeColor(50)).toBe('yellow');
    expect(coverageBadgeColor(49)).toBe('red');
    expect(coverageBadgeColor(0)).toBe('red');
  });

  it('colours completion rates and impacts as §9 gives', () => {
    expect([0.8, 0.79, 0.6, 0.59].map(completionRateColor)).toEqual(['green', 'yellow', 'yellow', 'red']);
    expect(IMPACT_COLORS).toEqual({ high: 'red', medium: 'yellow', low: 'green' });
  });
});

describe('multi-objective rules', () => {
  it('weights a new secondary 0.3 / (existing + 1)', () => {
    expect([0, 1, 2].map(newSecondaryWeight)).toEqual([0.3, 0.15, 0.1]);
  });

  it('starts with the primary at 0.7, priority-based, and adds up to 3 secondaries with default conditions', () => {
    let config = initialMultiObjectiveConfig({ ...objective('p'), weight: 0.2 });
    expect(config.primary_objective.weight).toBe(0.7);
    expect(config.objective_hierarchy).toEqual({
      primary_weight: 0.7,
      secondary_weights: [],
      conflict_resolution: 'priority_based',
    });
    for (const id of ['a', 'b', 'c', 'd']) config = addSecondaryObjective(config, objective(id));
    expect(config.secondary_objectives.map((o) => o.id)).toEqual(['a', 'b', 'c']);
    expect(config.secondary_objectives.map((o) => o.priority)).toEqual([
      'secondary',
      'secondary',
      'secondary',
    ]);
    expect(config.secondary_objectives[0]!.conditions).toEqual(['after_hours', 'high_volume']);
    expect(config.objective_hierarchy.secondary_weights).toEqual([0.3, 0.15, 0.1]);
    expect(multiObjectiveConfigSchema.safeParse(config).success).toBe(true);

    const removed = removeSecondaryObjective(config, 1);
    expect(removed.secondary_objectives.map((o) => o.id)).toEqual(['a', 'c']);
    expect(removed.objective_hierarchy.secondary_weights).toEqual([0.3, 0.1]);
  });

  it('has the slider ranges of §5 and snaps values onto them', () => {
    expect(PRIMARY_WEIGHT_SLIDER).toEqual({ min: 0.5, max: 1.0, step: 0.1 });
    expect(SECONDARY_WEIGHT_SLIDER).toEqual({ min: 0.1, max: 0.5, step: 0.1 });
    expect(snapWeight(0.74, PRIMARY_WEIGHT_SLIDER)).toBe(0.7);
    expect(snapWeight(0.2, PRIMARY_WEIGHT_SLIDER)).toBe(0.5);
    expect(snapWeight(0.9, SECONDARY_WEIGHT_SLIDER)).toBe(0.5);
  });

  it('refuses more than 3 secondaries, out-of-range weights and other conflict rules', () => {
    const base = initialMultiObjectiveConfig(objective('p'));
    const four = [1, 2, 3, 4].map((i) => ({ ...objective(`s${i}`), priority: 'secondary' as const }));
    expect(
      multiObjectiveConfigSchema.safeParse({
        ...base,
        secondary_objectives: four,
        objective_hierarchy: { ...base.objective_hierarchy, secondary_weights: [0.1, 0.1, 0.1, 0.1] },
      }).success,
    ).toBe(false);
    const hierarchy = (h: object) =>
      multiObjectiveConfigSchema.safeParse({
        ...base,
        objective_hierarchy: { ...base.objective_hierarchy, ...h },
      }).success;
    expect(hierarchy({ primary_weight: 0.4 })).toBe(false);
    expect(hierarchy({ primary_weight: 1.0 })).toBe(true);
    expect(hierarchy({ conflict_resolution: 'weighted' })).toBe(false);
    expect(hierarchy({ secondary_weights: [0.2] })).toBe(false); // one weight but no secondary
  });

  it('fills objective input defaults: primary, 0.7, no conditions', () => {
    const parsed = objectiveInputSchema.parse({
      goal: 'Book more',
      required_capabilities: ['availability_check'],
      success_criteria: ['appointment_booked'],
    });
    expect(parsed).toMatchObject({ priority: 'primary', weight: 0.7, conditions: [] });
    expect(parsed.id).toBeUndefined();
  });

  it('turns a template into a valid primary objective at the default weight, its lists copied', () => {
    const template = OBJECTIVE_TEMPLATES.book_with_deposit;
    const objective = primaryObjectiveFromTemplate(template, { id: 'obj-9', business_id: 'biz-1' });
    expect(objectiveSchema.parse(objective)).toEqual({
      id: 'obj-9',
      goal: template.goal,
      required_capabilities: template.required_capabilities,
      success_criteria: template.success_criteria,
      priority: 'primary',
      weight: 0.7,
      conditions: [],
      business_id: 'biz-1',
      template_id: 'book_with_deposit',
    });
    objective.success_criteria.push('changed');
    expect(template.success_criteria).not.toContain('changed');
  });
});
