/**
 * The retention periods an owner may choose for conversation records, and the default (docs/data-model.md
 * "Retention"). Apart from shared/privacy.ts so that its schema (shared/schemas/privacy.ts) can import them
 * while the texts there name the schema's types: one direction, no cycle.
 */
export const RETENTION_CHOICES = [30, 90, 365] as const;
export type RetentionDays = (typeof RETENTION_CHOICES)[number];
export const DEFAULT_RETENTION_DAYS: RetentionDays = 365;
