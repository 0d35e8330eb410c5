/**
 * The calendar model's values without its schemas (issue 34, docs/decisions/183-calendar-model.md): services,
 * staff, resources, editable hours and closures. The dashboard and the setup wizard load these texts and
 * limits without zod; shared/schemas/calendar-model.ts builds the checks from them.
 */

/** The grids an owner can choose for bookable start times (minutes). */
export const SLOT_GRID_CHOICES = [10, 15, 20, 30] as const;
export type SlotGridMinutes = (typeof SLOT_GRID_CHOICES)[number];
/** What an owner who never chose gets: today's half-hour grid. */
export const DEFAULT_SLOT_GRID_MINUTES: SlotGridMinutes = 30;
/** A booking without a service (or a business with none defined) lasts one of today's slots. */
export const DEFAULT_SERVICE_MINUTES = 30;

/** Per-owner limits: the model is one item the assistant reads when it books. */
export const CALENDAR_LIMITS = {
  services: 50,
  staff: 20,
  resources: 10,
  closures: 60,
  resourceCapacity: 20,
  /** Open intervals per day (split days: morning and afternoon, plus two more). */
  intervalsPerDay: 4,
  nameChars: 80,
  serviceDescriptionChars: 300,
  closureNoteChars: 120,
  /** Durations are whole multiples of 5 minutes, from 5 minutes to 8 hours. */
  minServiceMinutes: 5,
  maxServiceMinutes: 480,
  maxBufferMinutes: 120,
  /** A closure covers at most this many days (a season's closing is several closures). */
  maxClosureDays: 92,
} as const;

/** Id prefixes: the id says what it names in logs and URLs. */
export const CALENDAR_ID_PREFIX = { service: 'sv_', staff: 'st_', resource: 'rs_', closure: 'cl_' } as const;
export const CALENDAR_ID_PATTERN = /^(sv|st|rs|cl)_[a-z0-9]{8,16}$/;

/**
 * The implicit staff member of a business that defines none: it works the business's hours and does every
 * service, and its appointments carry no staff_id (so existing appointments need no migration of their own).
 */
export const IMPLICIT_STAFF_ID = 'owner';

/** How a price is said: "$45", "from $45", or not at all. */
export const PRICE_KINDS = ['fixed', 'from', 'none'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/** Does this staff member do the service? A service with no staff listed is done by everyone. */
export const performsService = (service: { staff_ids: readonly string[] }, staffId: string) =>
  service.staff_ids.length === 0 || service.staff_ids.includes(staffId);

/**
 * The calendar model of a business with none stored (no services, staff or resources). Here rather than
 * beside its schema (schemas/calendar-model.ts, which re-exports it typed), so what only reads the empty
 * model, a call's business profile, builds none of the model's schemas (docs/decisions/186-cold-start.md).
 */
export const EMPTY_CALENDAR_MODEL = {
  services: [],
  staff: [],
  resources: [],
  version: 0,
  updated_at: null,
};
