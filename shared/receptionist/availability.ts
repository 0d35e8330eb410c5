import type { Busy, SlotAnswer } from './slots';
import type { WhenRequest } from './date-phrases';
import type { WeeklyHours } from './opening-hours';
import type { Closure } from '../schemas/calendar-model';

/**
 * CONTRACT (issue 34, docs/decisions/183): the slot search over services, staff, resources, hours and
 * closures. The types are the agreement between the engine (shared/receptionist/availability.ts's
 * findAvailability, to be written) and the receptionist's tools and the dashboard that call it.
 */
export type BookableStaff = {
  /** IMPLICIT_STAFF_ID for a business without staff. */
  id: string;
  name: string;
  /** Their own hours already intersected with the business's (resolveStaffHours). */
  hours: WeeklyHours;
  /** Their bookings (each from its start to its end plus its buffer) and their calendar's busy times. */
  busy: readonly Busy[];
};

export type AvailabilityQuery = {
  when: WhenRequest | undefined;
  now: Date;
  timeZone: string;
  /** The business's hours (resolveWeeklyHours): a slot is inside them and inside the staff member's. */
  businessHours: WeeklyHours;
  closures: readonly Closure[];
  gridMinutes: number;
  durationMinutes: number;
  bufferMinutes: number;
  /** Who may do it: the service's staff, or just the one the caller asked for. */
  staff: readonly BookableStaff[];
  /** The resource the service holds: at most `capacity` bookings overlap on it. */
  resource?: { capacity: number; busy: readonly Busy[] };
  limit?: number;
};

export type OpenSlot = {
  start: Date;
  end: Date;
  /** Who is free for all of it (and its buffer), in the order to offer them. */
  staffIds: string[];
};

export type AvailabilityAnswer = Omit<SlotAnswer, 'exact' | 'slots' | 'problem'> & {
  exact?: OpenSlot;
  slots: OpenSlot[];
  problem?: SlotAnswer['problem'];
  /** When the asked day (or time) falls in a closure: the closure, so the assistant can say its note. */
  closure?: Closure;
};
