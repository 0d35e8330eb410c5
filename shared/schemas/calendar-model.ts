import { z } from 'zod';
import {
  CALENDAR_ID_PATTERN,
  CALENDAR_LIMITS,
  EMPTY_CALENDAR_MODEL as EMPTY_MODEL,
  PRICE_KINDS,
  SLOT_GRID_CHOICES,
} from '../calendar-model';
import { MAX_DEPOSIT_CENTS } from '../receptionist/deposits';

/**
 * The calendar model (issue 34, docs/decisions/183-calendar-model.md). Hours, closures and the grid live on
 * the business config (every call's after-hours check reads them); services, staff and resources live on
 * their own item (keys.calendarModel), which only booking and quoting read.
 */
const L = CALENDAR_LIMITS;

/** Minutes after local midnight: 0 … 1440 (1440 = closes at midnight). */
const minuteOfDay = z.number().int().min(0).max(1440);
export const openIntervalSchema = z
  .object({ start: minuteOfDay, end: minuteOfDay })
  .refine((i) => i.start < i.end, { message: 'Closing time must be after opening time.', path: ['end'] });
const dayHoursSchema = z
  .array(openIntervalSchema)
  .max(L.intervalsPerDay, `At most ${L.intervalsPerDay} open periods a day.`)
  .refine(
    (day) =>
      [...day].sort((a, b) => a.start - b.start).every((i, n, all) => n === 0 || all[n - 1]!.end <= i.start),
    { message: 'Open periods on one day can’t overlap.' },
  );
/** Monday … Sunday (index 0 = Monday, as WeeklyHours); an empty day is closed. */
export const weeklyHoursSchema = z.tuple([
  dayHoursSchema,
  dayHoursSchema,
  dayHoursSchema,
  dayHoursSchema,
  dayHoursSchema,
  dayHoursSchema,
  dayHoursSchema,
]);
export type WeeklyHoursInput = z.infer<typeof weeklyHoursSchema>;

const calendarId = (prefix: 'sv' | 'st' | 'rs' | 'cl') =>
  z.string().regex(CALENDAR_ID_PATTERN).startsWith(`${prefix}_`);
const plainName = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(L.nameChars, `At most ${L.nameChars} characters.`);
const localDate = z.iso.date();

/** A closed date or range, whole days or part of each day, with what the assistant says about it. */
export const closureSchema = z
  .object({
    id: calendarId('cl'),
    from: localDate,
    to: localDate,
    /** Both null: closed all day. Both set: closed between them on each day of the range. */
    start_minute: minuteOfDay.nullable(),
    end_minute: minuteOfDay.nullable(),
    note: z.string().trim().max(L.closureNoteChars, `At most ${L.closureNoteChars} characters.`),
  })
  .refine((c) => c.from <= c.to, { message: 'The last day can’t be before the first.', path: ['to'] })
  .refine((c) => (c.start_minute === null) === (c.end_minute === null), {
    message: 'Give both times, or neither for the whole day.',
    path: ['end_minute'],
  })
  .refine((c) => c.start_minute === null || c.end_minute === null || c.start_minute < c.end_minute, {
    message: 'The end time must be after the start time.',
    path: ['end_minute'],
  })
  .refine((c) => (Date.parse(c.to) - Date.parse(c.from)) / 86_400_000 < L.maxClosureDays, {
    message: `A closure covers at most ${L.maxClosureDays} days.`,
    path: ['to'],
  });
export type Closure = z.infer<typeof closureSchema>;
export const closuresSchema = z.array(closureSchema).max(L.closures, `At most ${L.closures} closures.`);

export const slotGridMinutesSchema = z.literal(SLOT_GRID_CHOICES, {
  message: `Choose ${SLOT_GRID_CHOICES.join(', ')} minutes.`,
});

export const serviceSchema = z.object({
  id: calendarId('sv'),
  name: plainName,
  description: z.string().trim().max(L.serviceDescriptionChars).default(''),
  duration_minutes: z
    .number()
    .int()
    .min(L.minServiceMinutes)
    .max(L.maxServiceMinutes)
    .refine((m) => m % 5 === 0, 'Durations are whole multiples of 5 minutes.'),
  price_kind: z.enum(PRICE_KINDS),
  /** Required unless price_kind is 'none'. */
  price_cents: z.number().int().min(0).max(10_000_000).nullable(),
  /** Overrides the business's deposit; null: the business default applies; 0: no deposit for this service. */
  deposit_cents: z.number().int().min(0).max(MAX_DEPOSIT_CENTS).nullable(),
  /** Kept free after it (clean-up, turnover); the next booking of the same staff member starts after it. */
  buffer_minutes: z
    .number()
    .int()
    .min(0)
    .max(L.maxBufferMinutes)
    .refine((m) => m % 5 === 0, 'Buffers are whole multiples of 5 minutes.'),
  /** Who does it; empty: every staff member (and the implicit one of a business without staff). */
  staff_ids: z.array(calendarId('st')).max(L.staff),
  /** A room, chair or bay it needs, shared up to the resource's capacity. */
  resource_id: calendarId('rs').nullable(),
});
export type Service = z.infer<typeof serviceSchema>;

/** A staff member's own calendar, whose busy times block their slots (null: only their bookings do). */
export const staffCalendarSchema = z.object({
  /** A calendar connection of the owner's (calendar connections' service name) … */
  service: z.enum(['google_calendar', 'outlook_calendar', 'acuity', 'calendly']),
  /** … and which of its calendars / users is this person's (a calendar id, an Acuity calendar id, a link). */
  calendar_ref: z.string().trim().min(1).max(500),
});
export const staffMemberSchema = z.object({
  id: calendarId('st'),
  name: plainName,
  /** Null: the business's hours. Always intersected with them (nobody books while the business is closed). */
  hours: weeklyHoursSchema.nullable(),
  calendar: staffCalendarSchema.nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const resourceSchema = z.object({
  id: calendarId('rs'),
  name: plainName,
  capacity: z.number().int().min(1).max(L.resourceCapacity),
});
export type Resource = z.infer<typeof resourceSchema>;

/** The stored item: one per owner, written whole with a version check (no lost updates between tabs). */
export const calendarModelSchema = z.object({
  services: z.array(serviceSchema).max(L.services, `At most ${L.services} services.`),
  staff: z.array(staffMemberSchema).max(L.staff, `At most ${L.staff} staff members.`),
  resources: z.array(resourceSchema).max(L.resources, `At most ${L.resources} resources.`),
  version: z.number().int().min(0),
  updated_at: z.iso.datetime().nullable(),
});
export type CalendarModel = z.infer<typeof calendarModelSchema>;
export const EMPTY_CALENDAR_MODEL: CalendarModel = EMPTY_MODEL;
