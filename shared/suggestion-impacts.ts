/**
 * Spec §3 "Suggestion": how much a suggestion matters. Apart from shared/analytics.ts so that the
 * suggestion schema (shared/schemas/analytics.ts) can import them while the rules there name the schema's
 * types: one direction, no cycle.
 */
export const SUGGESTION_IMPACTS = ['high', 'medium', 'low'] as const;
export type SuggestionImpact = (typeof SUGGESTION_IMPACTS)[number];
