import type { WhenRequest } from './date-phrases';
import type { WeeklyHours } from './opening-hours';

/**
 * The booking window and the slot search's plain shapes, apart from both searches (slots.ts for one
 * business-wide calendar, availability.ts for services and staff), so neither imports the other's code.
 */
export const SLOT_MINUTES = 30;
/** A caller can't book a slot that starts sooner than this. */
export const BOOKING_LEAD_MINUTES = 30;
/** How far ahead the assistant books. */
export const BOOKING_HORIZON_DAYS = 60;
export const SLOTS_OFFERED = 3;

export type Busy = { start: Date; end: Date };
export type SlotSearch = {
  when: WhenRequest | undefined;
  now: Date;
  timeZone: string;
  hours: WeeklyHours;
  busy: readonly Busy[];
  limit?: number;
};
export type SlotAnswer = {
  /** The requested time, when the caller named one and it is free. */
  exact?: Date;
  /** Free slots to offer (nearest to the requested time first when one was named). */
  slots: Date[];
  /** Why nothing fits what was asked: every day asked for is closed, or already past. */
  problem?: 'closed' | 'past' | 'full' | 'beyond_horizon';
};
