/**
 * The assistant's personality (spec §3 "Personality traits"): five dimensions with ordered options, and the
 * three presets. Descriptions and sample responses per option live in `personality-content.ts`.
 */
export const PERSONALITY_TRAITS = {
  formality: ['Strictly Professional', 'Business Casual', 'Friendly and Approachable', 'Very Casual'],
  verbosity: ['Brief and Direct', 'Concise', 'Balanced', 'Detailed', 'Thorough'],
  empathy: ['Purely Factual', 'Polite and Neutral', 'Warm and Understanding', 'Highly Empathetic'],
  proactivity: ['Strictly Reactive', 'Offers Clarifications', 'Suggestive', 'Fully Proactive'],
  humor: ['Completely Serious', 'Occasional Dry Wit', 'Friendly and Playful', 'Genuinely Comedic'],
} as const;

export type TraitName = keyof typeof PERSONALITY_TRAITS;
export const TRAIT_NAMES = Object.keys(PERSONALITY_TRAITS) as TraitName[];
export type TraitValues = { [K in TraitName]: (typeof PERSONALITY_TRAITS)[K][number] };

export const PERSONALITY_PRESETS = {
  efficient: {
    label: 'Efficient Receptionist',
    traits: {
      formality: 'Strictly Professional',
      verbosity: 'Concise',
      empathy: 'Polite and Neutral',
      proactivity: 'Offers Clarifications',
      humor: 'Completely Serious',
    },
  },
  friendly: {
    label: 'Friendly Concierge',
    traits: {
      formality: 'Friendly and Approachable',
      verbosity: 'Balanced',
      empathy: 'Warm and Understanding',
      proactivity: 'Suggestive',
      humor: 'Friendly and Playful',
    },
  },
  helpful: {
    label: 'Helpful Assistant',
    traits: {
      formality: 'Business Casual',
      verbosity: 'Detailed',
      empathy: 'Warm and Understanding',
      proactivity: 'Fully Proactive',
      humor: 'Occasional Dry Wit',
    },
  },
} as const satisfies Record<string, { label: string; traits: TraitValues }>;
export type PresetId = keyof typeof PERSONALITY_PRESETS;

/** Unset traits take the efficient preset's values (spec §3). */
export const DEFAULT_TRAITS: TraitValues = PERSONALITY_PRESETS.efficient.traits;

/** Fills unset traits with the defaults. */
export const withDefaultTraits = (traits: Partial<Record<TraitName, string | undefined>>): TraitValues =>
  Object.fromEntries(
    TRAIT_NAMES.map((name) => [
      name,
      isTraitOption(name, traits[name]) ? traits[name] : DEFAULT_TRAITS[name],
    ]),
  ) as TraitValues;

export const isTraitOption = (name: TraitName, value: unknown): boolean =>
  typeof value === 'string' && (PERSONALITY_TRAITS[name] as readonly string[]).includes(value);

/** The preset whose five traits equal these exactly, else undefined (then the custom panel opens). */
export const matchingPreset = (
  traits: Partial<Record<TraitName, string | undefined>>,
): PresetId | undefined =>
  (Object.keys(PERSONALITY_PRESETS) as PresetId[]).find((id) =>
    TRAIT_NAMES.every((name) => PERSONALITY_PRESETS[id].traits[name] === traits[name]),
  );

/** Preview scenarios of step 3 (spec §4 "Voice"). */
export const PREVIEW_SCENARIOS = ['greeting', 'hours', 'manager', 'company', 'farewell'] as const;
export type PreviewScenario = (typeof PREVIEW_SCENARIOS)[number];
