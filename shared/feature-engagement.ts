/**
 * Feature engagement (spec §3): its answers and feature types. The request schema is in
 * shared/schemas/feature-engagement.ts, apart so /plans does not build it (issue 16 §5).
 */
export const featureEngagementAnswers = ['interested', 'declined'] as const;
export type FeatureEngagementAnswer = (typeof featureEngagementAnswers)[number];

/** Waitlisted plans are recorded with this feature type (spec §3 "Feature engagement"). */
export const SUBSCRIPTION_PLAN_FEATURE = 'subscription_plan';
