import { IMPLICIT_STAFF_ID } from '../calendar-model';
import { findAvailability } from './availability';
import { SLOT_MINUTES, type SlotAnswer, type SlotSearch } from './slot-terms';

/**
 * Open appointment slots of a business with one calendar (the implicit staff member, half-hour bookings on
 * the half-hour grid, no buffer, no closures): a thin reading of findAvailability (availability.ts), kept
 * for the callers that book without services.
 */
export {
  BOOKING_HORIZON_DAYS,
  BOOKING_LEAD_MINUTES,
  SLOT_MINUTES,
  SLOTS_OFFERED,
  type Busy,
  type SlotAnswer,
  type SlotSearch,
} from './slot-terms';

export function findOpenSlots(search: SlotSearch): SlotAnswer {
  const answer = findAvailability({
    when: search.when,
    now: search.now,
    timeZone: search.timeZone,
    businessHours: search.hours,
    closures: [],
    gridMinutes: SLOT_MINUTES,
    durationMinutes: SLOT_MINUTES,
    bufferMinutes: 0,
    staff: [{ id: IMPLICIT_STAFF_ID, name: '', hours: search.hours, busy: search.busy }],
    ...(search.limit !== undefined ? { limit: search.limit } : {}),
  });
  return {
    ...(answer.exact ? { exact: answer.exact.start } : {}),
    slots: answer.slots.map((slot) => slot.start),
    ...(answer.problem ? { problem: answer.problem } : {}),
  };
}
