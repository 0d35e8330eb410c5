import { z } from 'zod';
import { SUGGESTION_IMPACTS } from '../suggestion-impacts';

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

/** Spec §3 "Suggestion". */
export const suggestionSchema = z.object({
  id: z.string(),
  suggestion: z.string(),
  impact: z.enum(SUGGESTION_IMPACTS),
  confidence: z.number().min(0).max(1),
  description: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** GET /api/optimization/suggestions: possibly none. */
export const suggestionsResponseSchema = z.object({ suggestions: z.array(suggestionSchema) });

/** One side of the before/after split of appointment rates (docs/decisions/175-reminders.md). */
export const appointmentRatesPeriodSchema = z.object({
  /** Appointments that started in the period (booked or since cancelled, not moved). */
  appointments: z.number().int().min(0),
  /** Of those, the ones at least one reminder was sent for, and the ones the caller confirmed by reply. */
  reminded: z.number().int().min(0),
  confirmed: z.number().int().min(0),
  /** Of those, the ones the owner marked attended or no-show, and the no-shows. */
  marked: z.number().int().min(0),
  no_shows: z.number().int().min(0),
  /** confirmed ÷ reminded; null when none was reminded. */
  confirmation_rate: z.number().min(0).max(1).nullable(),
  /** no_shows ÷ marked; null when none was marked. */
  no_show_rate: z.number().min(0).max(1).nullable(),
});
export type AppointmentRatesPeriod = z.infer<typeof appointmentRatesPeriodSchema>;

/** How many of the range's appointments one service or staff member had, and how many were no-shows. */
export const appointmentShareSchema = z.object({
  name: z.string().nullable(),
  appointments: z.number().int().min(0),
  no_shows: z.number().int().min(0),
});
export type AppointmentShare = z.infer<typeof appointmentShareSchema>;

/** GET /api/analytics/appointments: the range's rates, split where reminders were switched on. */
export const appointmentRatesSchema = z.object({
  /** When reminders were last switched on; null when never (then everything is "before"). */
  reminders_enabled_since: z.iso.datetime().nullable(),
  before: appointmentRatesPeriodSchema,
  after: appointmentRatesPeriodSchema,
  /**
   * The range's appointments by service and by staff member (issue 34), most first; a booking without one
   * counts under null ("No service", the owner themselves for a business without staff).
   */
  by_service: z.array(appointmentShareSchema),
  by_staff: z.array(appointmentShareSchema),
});
export type AppointmentRates = z.infer<typeof appointmentRatesSchema>;
