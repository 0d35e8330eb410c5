import { TRAIT_NAMES, withDefaultTraits, type TraitName } from '@shared/personality';

type Traits = Partial<Record<TraitName, string | undefined>>;

/**
 * The five traits as the config stores them: as fields (step 3 completion reads formality, verbosity,
 * empathy) and as the personality_traits map. The given traits are laid over the stored ones; unset ones
 * take the efficient defaults (spec §3).
 */
export function mergedTraitFields(stored: Traits, given: Traits) {
  const merged: Traits = {};
  for (const name of TRAIT_NAMES) merged[name] = given[name] ?? stored[name];
  const full = withDefaultTraits(merged);
  return { ...full, personality_traits: { ...full } };
}
