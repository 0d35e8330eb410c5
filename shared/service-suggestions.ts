import { CALENDAR_LIMITS, DEFAULT_SERVICE_MINUTES, type PriceKind } from './calendar-model';
import { priceSentences } from './capability-sources';

/**
 * Services suggested by the prices in the business description (docs/decisions/183, "Editing the model"):
 * "Haircuts start at $45, and a 90-minute balayage is $150." → Haircut from $45 (30 min), Balayage $150
 * (90 min). The same sentences the assistant may quote prices from (priceSentences); nothing is stored until
 * the owner adds one. Pure and deterministic, so the setup step and the dashboard offer the same chips.
 */
export type SuggestedService = {
  name: string;
  price_kind: PriceKind;
  price_cents: number | null;
  duration_minutes: number;
  source: string;
};

const PRICE = /\$\s?(\d{1,5}(?:,\d{3})*(?:\.\d{2})?)(\s*\+)?/;
const FROM = /\b(from|starts?|starting|start at|as low as|and up)\b|\+/i;
const DURATION = /\b(\d{1,3})[\s-]?(minutes?|mins?|hours?|hrs?)\b/i;
/** Words around a price that are not the service's name. */
const FILLER =
  /\b(our|a|an|the|all|each|every|per|just|only|is|are|costs?|runs?|starts?|starting|start|at|from|for|with|priced|price|prices|and|or|we|offer|do|does|have|get|also|plus|usually|about|around|as low as|\d{1,3}[\s-]?(?:minutes?|mins?|hours?|hrs?))\b/gi;

function nameFrom(text: string): string | undefined {
  const cleaned = text
    .replace(/\(.*?\)/g, ' ')
    .replace(FILLER, ' ')
    .replace(/[^\p{L}\p{N}'&\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned || cleaned.split(' ').length > 5) {
    const words = cleaned.split(' ').filter(Boolean);
    if (words.length === 0) return undefined;
    return capitalize(words.slice(-3).join(' '));
  }
  return capitalize(cleaned);
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** "Haircuts" and "haircut" name one service. */
const singular = (name: string) => name.replace(/(?<=[^s])s$/i, '');
const sameName = (a: string, b: string) =>
  singular(a.trim().toLowerCase()) === singular(b.trim().toLowerCase());

function durationOf(clause: string): number {
  const match = DURATION.exec(clause);
  if (!match) return DEFAULT_SERVICE_MINUTES;
  const minutes = Number(match[1]) * (/^h/i.test(match[2]!) ? 60 : 1);
  const rounded = Math.round(minutes / 5) * 5;
  return Math.min(CALENDAR_LIMITS.maxServiceMinutes, Math.max(CALENDAR_LIMITS.minServiceMinutes, rounded));
}

/** One clause ("a 90-minute balayage is $150") → the service it prices, or undefined. */
function suggestionOf(clause: string, sentence: string): SuggestedService | undefined {
  const match = PRICE.exec(clause);
  if (!match) return undefined;
  const before = clause.slice(0, match.index);
  const after = clause.slice(match.index + match[0].length);
  const name = nameFrom(before) ?? nameFrom(after.replace(/^\s*(for|per)\b/i, ''));
  if (!name || /^(prices?|rates?|it|everything|services?)$/i.test(name)) return undefined;
  const cents = Math.round(Number(match[1]!.replace(/,/g, '')) * 100);
  return {
    name: singular(name).slice(0, CALENDAR_LIMITS.nameChars),
    price_kind: FROM.test(before) || FROM.test(match[0]) || /^\s*(and up|\+)/i.test(after) ? 'from' : 'fixed',
    price_cents: cents,
    duration_minutes: durationOf(clause),
    source: sentence,
  };
}

/** The description's priced services that are not services yet, first mention first. */
export function serviceSuggestions(
  description: string | undefined,
  existingNames: readonly string[],
): SuggestedService[] {
  const found: SuggestedService[] = [];
  for (const sentence of priceSentences(description)) {
    // Commas split clauses, not the thousands of "$1,200".
    for (const clause of sentence.split(/(?<!\d),|,(?!\d{3})|[;:]|\band\b(?=[^$]*\$)/i)) {
      const suggestion = suggestionOf(clause, sentence);
      if (!suggestion) continue;
      if ([...existingNames, ...found.map((s) => s.name)].some((n) => sameName(n, suggestion.name))) continue;
      found.push(suggestion);
    }
  }
  return found.slice(0, CALENDAR_LIMITS.services);
}
