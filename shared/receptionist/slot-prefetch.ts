import { withoutAccents, type Language } from '../language';
import type { Service, StaffMember } from '../schemas/calendar-model';
import { askedStaffName, matchStaff } from './booking-choices';
import { resolveWhen } from './date-phrases';

/**
 * Whether the engine runs find_open_slots before asking the model, and with what (docs/decisions/
 * 185-model-latency.md, "Session 40"): a model that has to ask for the tool streams its arguments and is
 * asked again, about 550 ms more than one request on a booking turn. The rule is conservative: a wrong
 * prefetch costs a slot search and a few hundred prompt tokens, and the model may still ask for other
 * dates; but a prefetch where the caller wanted something else would put times in front of a model that
 * should be cancelling, moving or answering a question. So it prefetches only when the words plainly ask to
 * book, name a time the date phrases understand, and nothing else in them or in the conversation points
 * elsewhere.
 */

/** Words that ask for a booking (English, then Spanish without accents). */
const BOOKING_WORDS = [
  /\b(book|booking|schedule|reserve|reservation|appointment|availability|available|opening|openings|slots?|come in|get in|fit me in)\b/,
  /\b(reservar|reserva|reservacion|cita|agendar|apartar|disponib\w*|espacio|turno|hueco|me pueden atender|me atienden)\b/,
];

/**
 * Words that point away from a new booking: an appointment the caller already has (cancel, move, confirm,
 * running late), the opening hours (answered from the instructions, no tool needed), a person or a message.
 * "Are you open tomorrow?" and "Can I cancel my appointment tomorrow?" are never prefetched.
 */
const ELSEWHERE_WORDS = [
  /\b(cancel\w*|reschedul\w*|move|moving|change|changing|postpone|push (it )?back|confirm\w*|late|my (appointment|booking|reservation)|i have an? (appointment|booking)|already booked|hours|open|opens|close|closes|closed|closing|speak|talk|message|call me|manager|owner|person|someone|deposit|pay|price|cost|how much)\b/,
  /\b(cancel\w*|anular|reprogramar|reagendar|cambiar|mover|posponer|confirmar|llego tarde|llegar tarde|mi cita|mi reserva|tengo (una )?cita|horario|horarios|abren|abierto|abiertos|abre|cierran|cierra|cerrado|hablar|mensaje|recado|gerente|encargad[oa]|duen[oa]|deposito|pagar|precio|cuanto)\b/,
];

/**
 * A time read from the words must have been said as one ("at 3", "3pm", "15:30", "noon", "a las 3"): the
 * English date phrases also read "for 2" as 2 PM, which is right for "for 2 tomorrow" and wrong for "for 2
 * people tomorrow"; the model would know which, so the rule leaves that to it.
 */
const SPOKEN_TIME =
  /\b(at|@|around|by)\s+\d|\d\s*[ap]\.?\s?m\b|\d:\d\d|\bnoon\b|\bmidday\b|\blas? \d|\bmediodia\b/;

/** Lowercase, without accents, words separated by single spaces. */
const plain = (text: string) =>
  withoutAccents(text.toLowerCase())
    .replace(/[^a-z0-9:@ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** "haircuts" and "haircut", "uñas" and "uña" are the same word. */
const stem = (word: string) => word.replace(/e?s$/, '');

/** The service whose whole name the words contain (longest name first: "Kids haircut" before "Haircut"). */
function namedService(services: readonly Service[], said: string): Service | undefined {
  const words = new Set(said.split(' ').map(stem));
  return [...services]
    .sort((a, b) => b.name.length - a.name.length)
    .find((service) => {
      const parts = plain(service.name).split(' ').filter(Boolean);
      return parts.length > 0 && parts.every((part) => words.has(stem(part)));
    });
}

export type SlotPrefetchInput = {
  /** The caller's words this turn. */
  text: string;
  /** The thread's language after this turn's words (the date phrases are read in it). */
  language: Language;
  now: Date;
  timeZone: string;
  services: readonly Service[];
  staff: readonly StaffMember[];
  /**
   * Times were offered earlier in this conversation, or a move or cancellation is under way: the caller may
   * be choosing ("tomorrow at 3 is fine"), and the model would rather book than search again.
   */
  bookingUnderWay: boolean;
};

/** find_open_slots' arguments, as the model would pass them. */
export type SlotPrefetch = { when: string; service?: string; staff?: string };

/** find_open_slots' arguments to run before the model is asked, or undefined: the model decides. */
export function slotPrefetchOf(input: SlotPrefetchInput): SlotPrefetch | undefined {
  if (input.bookingUnderWay) return undefined;
  const said = plain(input.text);
  if (!BOOKING_WORDS.some((words) => words.test(said))) return undefined;
  if (ELSEWHERE_WORDS.some((words) => words.test(said))) return undefined;
  const when = resolveWhen(input.text, input.now, input.timeZone, input.language);
  if (!when) return undefined;
  if (when.time !== undefined && !SPOKEN_TIME.test(said)) return undefined;
  // A business with services asks which one before looking for times (the instructions say so).
  const service = input.services.length > 0 ? namedService(input.services, said) : undefined;
  if (input.services.length > 0 && !service) return undefined;
  // "with Jordan": a staff member the business has; someone it hasn't is for the model to explain.
  const asked = askedStaffName(input.text);
  const member = asked && input.staff.length > 0 ? matchStaff(input.staff, asked) : undefined;
  if (asked && input.staff.length > 0 && (member === 'unknown' || member === undefined)) return undefined;
  const staff = member && member !== 'anyone' && member !== 'unknown' ? member.name : undefined;
  // The caller's own words, as the tool asks for them: the tool reads the date phrase out of them again.
  return {
    when: input.text.trim().slice(0, 200),
    ...(service ? { service: service.name } : {}),
    ...(staff ? { staff } : {}),
  };
}
