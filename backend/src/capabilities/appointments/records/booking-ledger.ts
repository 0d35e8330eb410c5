import { IMPLICIT_STAFF_ID } from '@shared/calendar-model';
import { peakOverlap } from '@shared/receptionist/availability';
import type { Appointment } from '@shared/schemas/appointment';

/**
 * The booking invariant's pure part (docs/decisions/183-calendar-model.md "Booking invariant"): what an
 * appointment holds, which ledger days it touches, and whether a new hold fits beside the ones a ledger
 * lists. The repository (appointments.ts) reads the ledgers, asks these, and writes everything it decided
 * in one conditional transaction.
 */

/** One held interval in a ledger: the appointment's id, its start, and its end plus buffer (ISO instants). */
export type Hold = { id: string; s: string; e: string };
/** Which ledgers an appointment lives in: its staff member's, and its resource's when it holds one. */
export type LedgerRef = { kind: 'STAFF' | 'RESOURCE'; id: string };

type Held = Pick<Appointment, 'id' | 'starts_at' | 'ends_at' | 'buffer_minutes'>;
type Owned = Pick<Appointment, 'staff_id' | 'resource_id'>;

/** The implicit staff member's bookings carry no staff_id (docs/data-model.md "Receptionist"). */
export const staffOf = (appointment: Owned) => appointment.staff_id ?? IMPLICIT_STAFF_ID;

export const holdOf = (appointment: Held): Hold => ({
  id: appointment.id,
  s: appointment.starts_at,
  e: new Date(Date.parse(appointment.ends_at) + (appointment.buffer_minutes ?? 0) * 60_000).toISOString(),
});

export function ledgerRefsOf(appointment: Owned): LedgerRef[] {
  const refs: LedgerRef[] = [{ kind: 'STAFF', id: staffOf(appointment) }];
  if (appointment.resource_id) refs.push({ kind: 'RESOURCE', id: appointment.resource_id });
  return refs;
}

/** Whether a booked appointment belongs in that ledger (seeding a ledger from existing appointments). */
export const heldIn = (appointment: Owned, ref: LedgerRef) =>
  ref.kind === 'STAFF' ? staffOf(appointment) === ref.id : appointment.resource_id === ref.id;

/** The UTC dates a hold touches (a 10-hour hold touches at most two). */
export function utcDaysOf(hold: Hold): string[] {
  const days: string[] = [];
  const last = Date.parse(hold.e) - 1;
  for (let t = Date.parse(hold.s); ; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (!days.includes(day)) days.push(day);
    if (day >= new Date(last).toISOString().slice(0, 10)) break;
  }
  return days;
}

/** The hold's part of one UTC day, for seeding: [dayStart, dayEnd) in ms. */
export const dayBounds = (day: string) => {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  return { start, end: start + 86_400_000 };
};

export const touchesDay = (hold: Hold, day: string) => {
  const { start, end } = dayBounds(day);
  return Date.parse(hold.s) < end && start < Date.parse(hold.e);
};

/**
 * Whether `hold` fits beside `holds`: a staff member holds one booking at a time, a resource up to its
 * capacity at any instant. Back to back is not overlap.
 */
export function fits(holds: readonly Hold[], hold: Hold, capacity: number): boolean {
  const busy = holds
    .filter((h) => h.id !== hold.id)
    .map((h) => ({ start: new Date(h.s), end: new Date(h.e) }));
  return peakOverlap(busy, Date.parse(hold.s), Date.parse(hold.e)) < capacity;
}
