import { z } from 'zod';
import { CALENDAR_ID_PATTERN, CALENDAR_LIMITS, PRICE_KINDS, SLOT_GRID_CHOICES } from '../calendar-model';
import { CALENDAR_API_TEXTS } from '../calendar-model-texts';
import {
  calendarModelSchema,
  closureSchema,
  resourceSchema,
  serviceSchema,
  slotGridMinutesSchema,
  staffMemberSchema,
  weeklyHoursSchema,
} from './calendar-model';

/**
 * The calendar model's HTTP contract (docs/decisions/183, "Editing the model"): what the editors send (the
 * stored shapes without the id, which the server makes) and what the API answers, including the 409 that
 * lists the appointments a change would strand.
 */
const L = CALENDAR_LIMITS;
const ownerId = z.string().min(1).max(128);
const idOf = (prefix: 'sv' | 'st' | 'rs' | 'cl') =>
  z.string().regex(CALENDAR_ID_PATTERN).startsWith(`${prefix}_`);

/** A service as the editor sends it: a price unless it has none. */
export const serviceInputSchema = serviceSchema
  .omit({ id: true })
  .refine((s) => s.price_kind === 'none' || s.price_cents !== null, {
    message: CALENDAR_API_TEXTS.priceRequired,
    path: ['price_cents'],
  });
export type ServiceInput = z.infer<typeof serviceInputSchema>;

/**
 * A staff member as the editor sends it; `service_ids`, when given, are the services they do (the toggles
 * edit those services' staff lists in the same write).
 */
export const staffInputSchema = staffMemberSchema.omit({ id: true }).extend({
  service_ids: z.array(idOf('sv')).max(L.services).optional(),
});
export type StaffInput = z.infer<typeof staffInputSchema>;

export const resourceInputSchema = resourceSchema.omit({ id: true });
export type ResourceInput = z.infer<typeof resourceInputSchema>;

/** A placeholder id so the closure's own rules (closureSchema's refinements) check the editor's input. */
const PLACEHOLDER_CLOSURE_ID = 'cl_00000000';
export const closureInputSchema = z
  .object(closureSchema.shape)
  .omit({ id: true })
  .superRefine((closure, ctx) => {
    const checked = closureSchema.safeParse({ ...closure, id: PLACEHOLDER_CLOSURE_ID });
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ ...issue } as never);
  });
export type ClosureInput = z.infer<typeof closureInputSchema>;

export const openingHoursInputSchema = z.object({ opening_hours: weeklyHoursSchema });
export const slotGridInputSchema = z.object({ slot_grid_minutes: slotGridMinutesSchema });

export const serviceParamsSchema = z.object({ userId: ownerId, serviceId: idOf('sv') });
export const staffParamsSchema = z.object({ userId: ownerId, staffId: idOf('st') });
export const resourceParamsSchema = z.object({ userId: ownerId, resourceId: idOf('rs') });
export const closureParamsSchema = z.object({ userId: ownerId, closureId: idOf('cl') });

/**
 * A write's query: `version`, the model's version the editor last saw (a write over a newer one is a 409, so
 * two tabs never silently undo each other); `cancel_affected=true`, the owner chose to cancel the
 * appointments the change strands (their callers texted) and save.
 */
export const calendarWriteQuerySchema = z.object({
  version: z.coerce.number().int().min(0).optional(),
  cancel_affected: z.enum(['true', 'false']).optional(),
});

/** An appointment a change would strand, as the 409 lists it. */
export const affectedAppointmentSchema = z.object({
  id: z.string(),
  starts_at: z.string(),
  customer_name: z.string().nullable(),
  service: z.string().nullable(),
  staff_name: z.string().nullable(),
});
export type AffectedAppointment = z.infer<typeof affectedAppointmentSchema>;
export const affectedAppointmentsErrorSchema = z.object({
  error: z.literal('appointments_affected'),
  message: z.string(),
  affected: z.array(affectedAppointmentSchema),
});

/** What a cancel_affected write cancelled, and whether each caller was texted. */
export const cancelledAppointmentsSchema = z.array(
  z.object({ id: z.string(), caller_notified: z.boolean() }),
);

export const calendarModelWriteSchema = calendarModelSchema.extend({
  cancelled: cancelledAppointmentsSchema.optional(),
});
export type CalendarModelWrite = z.infer<typeof calendarModelWriteSchema>;

/** Hours, closures and the grid as the config holds them, with where the hours come from. */
export const calendarSettingsSchema = z.object({
  opening_hours: weeklyHoursSchema,
  /** owner: edited here; lookup: parsed from the Places listing; default: weekdays 9-5, never stated. */
  hours_source: z.enum(['owner', 'lookup', 'default']),
  closures: z.array(closureSchema),
  slot_grid_minutes: z.literal(SLOT_GRID_CHOICES),
  time_zone: z.string().nullable(),
  cancelled: cancelledAppointmentsSchema.optional(),
});
export type CalendarSettings = z.infer<typeof calendarSettingsSchema>;

/** A service the description's prices suggest (not stored until the owner adds it). */
export const serviceSuggestionSchema = z.object({
  name: z.string(),
  price_kind: z.enum(PRICE_KINDS),
  price_cents: z.number().int().nullable(),
  duration_minutes: z.number().int(),
  /** The sentence it came from, so the owner sees why. */
  source: z.string(),
});
export type ServiceSuggestion = z.infer<typeof serviceSuggestionSchema>;
export const serviceSuggestionsSchema = z.object({ suggestions: z.array(serviceSuggestionSchema) });
