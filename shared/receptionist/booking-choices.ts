import { DEFAULT_SERVICE_MINUTES, DEFAULT_SLOT_GRID_MINUTES, IMPLICIT_STAFF_ID } from '../calendar-model';
import type { Appointment } from '../schemas/appointment';
import type { CalendarModel, Closure, Service, StaffMember } from '../schemas/calendar-model';
import {
  busyOfAppointments,
  resolveStaffHours,
  staffForService,
  type AvailabilityQuery,
  type BookableStaff,
} from './availability';
import { isoDateOf, zonedParts } from './business-time';
import type { WhenRequest } from './date-phrases';
import type { WeeklyHours } from './opening-hours';
import type { Busy } from './slots';

/**
 * What the assistant and the dashboard book with (docs/decisions/183-calendar-model.md, "The assistant"):
 * which service and which staff member the caller's words name, and the availability query built from the
 * calendar model, the business's hours and closures and the bookings already made. Pure: both the
 * receptionist's tools and the dashboard's appointment routes read the same answer.
 */

/** Lowercase words without accents, for matching a caller's words against names. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const contains = (haystack: string, needle: string) =>
  needle.length > 0 && ` ${plain(haystack)} `.includes(` ${plain(needle)} `);
/** "balayage" matches "balayages"; "haircut" matches "hair cut". */
const loosely = (text: string) => plain(text).replace(/ /g, '').replace(/e?s$/, '');

/**
 * The service the words name: an exact id, the whole name in the words (longest name first, so "Kids
 * haircut" wins over "Haircut"), or the words inside one name ("colour" for "Full colour").
 */
export function matchService(services: readonly Service[], words: string | undefined): Service | undefined {
  if (!words?.trim()) return undefined;
  const byId = services.find((s) => s.id === words.trim());
  if (byId) return byId;
  const byName = [...services]
    .sort((a, b) => b.name.length - a.name.length)
    .find((s) => contains(words, s.name) || loosely(words) === loosely(s.name));
  if (byName) return byName;
  const partial = services.filter((s) =>
    plain(words)
      .split(' ')
      .filter((w) => w.length >= 4)
      .some(
        (w) =>
          contains(s.name, w) ||
          plain(s.name)
            .split(' ')
            .some((n) => loosely(n) === loosely(w)),
      ),
  );
  return partial.length === 1 ? partial[0] : undefined;
}

/** Words that leave the choice of staff member to the business: "anyone", "whoever's free", "cualquiera". */
const ANYONE =
  /\b(any(one|body)?|no preference|whoever|doesn'?t matter|cualquier[ao]?|quien sea|me da igual)\b/;

/**
 * The staff member the words ask for ("with Jordan", "con Jordan", "Jordan", a staff id); 'anyone' when they
 * leave it open (or say nothing); 'unknown' when they name someone who isn't on the staff.
 */
export function matchStaff(
  staff: readonly StaffMember[],
  words: string | undefined,
): StaffMember | 'anyone' | 'unknown' {
  const text = words?.trim() ?? '';
  if (!text || ANYONE.test(plain(text))) return 'anyone';
  const byId = staff.find((s) => s.id === text);
  if (byId) return byId;
  const byName =
    staff.find((s) => contains(text, s.name)) ??
    staff.find((s) =>
      plain(s.name)
        .split(' ')
        .some((part) => part.length >= 2 && contains(text, part)),
    );
  return byName ?? 'unknown';
}

/** The name the caller asked for after "with" / "con" ("with Jordan please" → "Jordan"), if any. */
export function askedStaffName(text: string): string | undefined {
  const match = /\b(?:with|con)\s+([A-Z][a-zA-Z'-]{1,30}|[a-z][a-z'-]{1,30})\b/.exec(text);
  const name = match?.[1];
  if (!name || /^(me|my|you|us|him|her|them|el|la|ella|usted|mi|anyone|any|a|an|the)$/i.test(name))
    return undefined;
  return name;
}

/** The time an appointment holds a resource: to its end, plus its buffer. */
const appointmentBusy = (appointment: Appointment): Busy => ({
  start: new Date(appointment.starts_at),
  end: new Date(Date.parse(appointment.ends_at) + (appointment.buffer_minutes ?? 0) * 60_000),
});

/** Minutes a service takes and keeps free after it; today's one slot without a service. */
export const serviceMinutes = (service: Service | undefined) => ({
  duration: service?.duration_minutes ?? DEFAULT_SERVICE_MINUTES,
  buffer: service?.buffer_minutes ?? 0,
});

export type BookingQueryInput = {
  model: Pick<CalendarModel, 'staff' | 'resources'>;
  service: Service | undefined;
  /** Only this staff member (the caller asked for them); undefined: anyone who does the service. */
  staffId?: string | undefined;
  businessHours: WeeklyHours;
  closures: readonly Closure[];
  gridMinutes: number | undefined;
  timeZone: string;
  now: Date;
  when: WhenRequest | undefined;
  /** Booked appointments around the searched days (cancelled ones are ignored here). */
  appointments: readonly Appointment[];
  /** The owner's connected calendar's busy times: they block the implicit staff member (a one-person shop). */
  calendarBusy: readonly Busy[];
  /** Busy times of staff members' own connected calendars, by staff id (docs/decisions/183). */
  staffCalendarBusy?: Readonly<Record<string, readonly Busy[]>> | undefined;
  /** A move: the appointment being moved does not block its own new time. */
  ignoreAppointmentId?: string | undefined;
  limit?: number;
};

/**
 * The availability query for a service. A business without staff books its one implicit staff member, whose
 * busy times are every booking and the connected calendar, exactly as before services existed. With staff,
 * each one is busy with their own bookings (the owner's calendar mirrors everyone's bookings, so its busy
 * times would block every stylist at once: it counts for the one-person shop only), plus their own
 * connected calendar's busy times when they have one.
 */
export function bookingQuery(input: BookingQueryInput): AvailabilityQuery {
  const booked = input.appointments.filter(
    (a) => a.status === 'booked' && a.id !== input.ignoreAppointmentId,
  );
  const { duration, buffer } = serviceMinutes(input.service);
  // Bookings with no staff member in a business that now has staff (made before the owner added them): whose
  // they are is unknown, so they block everyone rather than risk a double booking (docs/decisions/183).
  const unassigned = input.model.staff.length > 0 ? busyOfAppointments(booked, IMPLICIT_STAFF_ID) : [];
  const staff: BookableStaff[] = staffForService(
    { services: input.service ? [input.service] : [], staff: input.model.staff },
    input.service?.id,
    input.staffId,
  ).map((member) => ({
    id: member.id,
    name: member.name,
    hours: resolveStaffHours(input.businessHours, member.hours),
    busy: [
      ...busyOfAppointments(booked, member.id),
      ...(member.id === IMPLICIT_STAFF_ID ? input.calendarBusy : unassigned),
      ...(input.staffCalendarBusy?.[member.id] ?? []),
    ],
  }));
  const resource = input.service?.resource_id
    ? input.model.resources.find((r) => r.id === input.service!.resource_id)
    : undefined;
  return {
    when: input.when,
    now: input.now,
    timeZone: input.timeZone,
    businessHours: input.businessHours,
    closures: input.closures,
    gridMinutes: input.gridMinutes ?? DEFAULT_SLOT_GRID_MINUTES,
    durationMinutes: duration,
    bufferMinutes: buffer,
    staff,
    ...(resource
      ? {
          resource: {
            capacity: resource.capacity,
            busy: booked.filter((a) => a.resource_id === resource.id).map(appointmentBusy),
          },
        }
      : {}),
    ...(input.limit ? { limit: input.limit } : {}),
  };
}

/**
 * Who takes a booking among those free for it: the one asked for, else the one with the fewest bookings that
 * day (ties: the order the engine offered them), so one stylist isn't booked solid while another waits.
 */
export function pickStaff(
  free: readonly string[],
  asked: string | undefined,
  start: Date,
  timeZone: string,
  appointments: readonly Appointment[],
): string | undefined {
  if (asked) return free.includes(asked) ? asked : undefined;
  const day = isoDateOf(zonedParts(start, timeZone));
  const load = (id: string) =>
    appointments.filter(
      (a) =>
        a.status === 'booked' &&
        (a.staff_id ?? IMPLICIT_STAFF_ID) === id &&
        isoDateOf(zonedParts(new Date(a.starts_at), timeZone)) === day,
    ).length;
  return [...free].sort((a, b) => load(a) - load(b))[0];
}

/** "90 minutes" → "an hour and a half"; how a duration is said. */
export function spokenDuration(minutes: number, language: 'en' | 'es' = 'en'): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (language === 'es') {
    const h = hours === 0 ? '' : hours === 1 ? 'una hora' : `${hours} horas`;
    if (!h) return `${rest} minutos`;
    return rest === 0 ? h : rest === 30 ? `${h} y media` : `${h} y ${rest} minutos`;
  }
  const h = hours === 0 ? '' : hours === 1 ? 'an hour' : `${hours} hours`;
  if (!h) return `${rest} minutes`;
  return rest === 0 ? h : rest === 30 ? `${h} and a half` : `${h} and ${rest} minutes`;
}

const dollars = (cents: number) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;

/**
 * The quote of a service, as the assistant says it: "A balayage is 2 hours and starts at $150." The article
 * is the caller's to hear, so names read as they were typed ("A Haircut" is still fine on the phone).
 */
export function serviceQuote(service: Service, language: 'en' | 'es' = 'en'): string {
  const length = spokenDuration(service.duration_minutes, language);
  const price =
    service.price_kind === 'none' || service.price_cents === null
      ? ''
      : language === 'es'
        ? service.price_kind === 'from'
          ? ` y cuesta desde ${dollars(service.price_cents)}`
          : ` y cuesta ${dollars(service.price_cents)}`
        : service.price_kind === 'from'
          ? ` and starts at ${dollars(service.price_cents)}`
          : ` and costs ${dollars(service.price_cents)}`;
  if (language === 'es') return `${service.name} dura ${length}${price}.`;
  const article = /^[aeiou]/i.test(service.name) ? 'An' : 'A';
  return `${article} ${service.name.charAt(0).toLowerCase()}${service.name.slice(1)} is ${length}${price}.`;
}

/** The closures that cover a local date (whole or part of the day). */
export const closuresOn = (closures: readonly Closure[], isoDate: string) =>
  closures.filter((c) => c.from <= isoDate && isoDate <= c.to);

/** A local date closed all day by a closure. */
export const closedAllDay = (closures: readonly Closure[], isoDate: string) =>
  closuresOn(closures, isoDate).some((c) => c.start_minute === null);

/** Closures that haven't ended yet, soonest first, for the hours answer ("We're closed on Thanksgiving."). */
export const upcomingClosures = (closures: readonly Closure[], todayIso: string, limit = 3) =>
  closures
    .filter((c) => c.to >= todayIso)
    .sort((a, b) => a.from.localeCompare(b.from))
    .slice(0, limit);
