import type { BusinessConfig } from '@shared/schemas/business-config';
import { withDefaultTraits, type TraitValues } from '@shared/personality';
import type { BusinessFacts } from '../../providers/llm/port';

/** The stored config's fields the generators may use, plus the sign-up business type from the token. */
export const businessFactsOf = (config: Partial<BusinessConfig>, businessType?: unknown): BusinessFacts => ({
  business_name: config.business_name,
  business_type: typeof businessType === 'string' ? businessType : undefined,
  website: config.website,
  address: config.address,
  phone_number: config.phone_number,
  business_hours: config.business_hours,
  business_description: config.business_description,
  assistant_name: config.assistant_name,
  manager_name: config.manager_name,
});

/** The stored traits: the top-level trait fields win over the personality_traits map; unset → defaults. */
export const storedTraits = (config: BusinessConfig): TraitValues =>
  withDefaultTraits({
    ...config.personality_traits,
    ...Object.fromEntries(
      (['formality', 'verbosity', 'empathy', 'proactivity', 'humor'] as const)
        .filter((name) => config[name] !== undefined)
        .map((name) => [name, config[name]]),
    ),
  });
