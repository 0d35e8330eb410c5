import { z } from 'zod';

/** Spec §2 and §9: the Analytics tab's ranges, 7d first and default. */
export const ANALYTICS_TIME_RANGES = ['7d', '30d', '90d'] as const;
export type AnalyticsTimeRange = (typeof ANALYTICS_TIME_RANGES)[number];
export const DEFAULT_ANALYTICS_TIME_RANGE: AnalyticsTimeRange = '7d';
export const TIME_RANGE_DAYS: Record<AnalyticsTimeRange, number> = { '7d': 7, '30d': 30, '90d': 90 };

/**
 * Spec §3 "Analytics". Revenue is in dollars (cents / 100, rounded to the cent). A trend day without
 * conversations has completion_rate null: "no data" is not "0 % completed".
 */
export const analyticsSchema = z.object({
  conversation_count: z.number().int().min(0),
  completion_rates: z.record(z.string(), z.number().min(0).max(1)),
  revenue_attribution: z.object({
    total_revenue: z.number().min(0),
    average_per_call: z.number().min(0),
  }),
  performance_trends: z.array(
    z.object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      completion_rate: z.number().min(0).max(1).nullable(),
    }),
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const SUGGESTION_IMPACTS = ['high', 'medium', 'low'] as const;
export type SuggestionImpact = (typeof SUGGESTION_IMPACTS)[number];

/** Spec §3 "Suggestion". */
export const suggestionSchema = z.object({
  id: z.string(),
  suggestion: z.string(),
  impact: z.enum(SUGGESTION_IMPACTS),
  confidence: z.number().min(0).max(1),
  description: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const ANALYTICS_MESSAGES = {
  analyticsLoadFailed: 'Failed to load analytics',
  suggestionsLoadFailed: 'Failed to load suggestions',
  tryAgain: 'Try Again',
  noConversations: (days: number) =>
    `No conversations in the last ${days} days. Figures appear here once your assistant has talked with callers.`,
  noSuggestions: 'No suggestions yet: they come from your conversations.',
} as const;
