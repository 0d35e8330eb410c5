import { businessClockOf, type BusinessClock } from './analytics';
import {
  DEFAULT_ANSWER_MODE,
  RING_SECONDS,
  type AnswerMode,
  type AssistantCallRoute,
} from './answer-mode-values';
import { addDays, WEEKDAY_NAMES, weekdayOf, zonedInstant, zonedParts } from './receptionist/business-time';
import { inClosedPeriod, type ClosedPeriod } from './receptionist/closed-periods';
import type { OpenInterval } from './receptionist/opening-hours';
import type { Closure } from './schemas/calendar-model';
import type { Language } from './language';
export type { ClosedPeriod } from './receptionist/closed-periods';

/**
 * When the assistant answers (docs/decisions/173-answer-modes.md): always (the assistant picks up every call),
 * ring me first (the business's own phone rings for N seconds; the assistant answers when nobody picks up or
 * the line is busy) or after hours only (during opening hours the call goes to the business line). The
 * decision for one call is a pure rule over the config and the instant, here, so the voice webhook, the
 * dashboard's explanation and the tests share it.
 */

/** What the answer rule reads of the business config. */
export type AnswerConfig = {
  answer_mode?: AnswerMode | undefined;
  ring_seconds?: number | undefined;
  /** The business's own line, E.164. */
  phone_number?: string | undefined;
  time_zone?: string | undefined;
  business_hours?: { weekday_text: string[] } | undefined;
  /** The owner's edited hours and closures (docs/decisions/183): the clock reads them first. */
  opening_hours?: readonly (readonly OpenInterval[])[] | undefined;
  closures?: readonly Closure[] | undefined;
};

/** Where one call goes. */
export type AnswerPlan =
  /** The assistant answers now: always mode, after hours, or the fallback when a mode cannot apply. */
  | { kind: 'assistant'; route: 'assistant' | 'after_hours' }
  /** Ring the business line for `seconds`, then the assistant answers if nobody did. */
  | { kind: 'ring_owner'; to: string; seconds: number }
  /** Connect the call to the business line (after hours only, while open). */
  | { kind: 'business_line'; to: string };

const E164 = /^\+[1-9]\d{6,14}$/;
export const businessLineOf = (config: Pick<AnswerConfig, 'phone_number'>) =>
  config.phone_number && E164.test(config.phone_number) ? config.phone_number : undefined;

/** The periods given plus the clock's own closures (the owner's). */
const inClosure = (at: number, closures: readonly ClosedPeriod[], clock?: BusinessClock) =>
  inClosedPeriod(at, closures) || inClosedPeriod(at, clock?.closed ?? []);

/**
 * Whether the business is open at `at` on its own clock: inside one of that weekday's opening intervals and in
 * no closure. Unknown hours never count as open (the caller decides what that means).
 */
export function isOpenAt(clock: BusinessClock, at: Date, closures: readonly ClosedPeriod[] = []): boolean {
  if (!clock.hours || inClosure(at.getTime(), closures, clock)) return false;
  const local = zonedParts(at, clock.timeZone);
  const minute = local.hour * 60 + local.minute;
  return clock.hours[local.weekday].some((open) => minute >= open.start && minute < open.end);
}

/** What else the rule needs to know of one call. */
export type CallFacts = {
  /** The number the caller dialled (the assistant's). */
  calledNumber?: string | undefined;
  /** Twilio's ForwardedFrom: the line that forwarded the call to the assistant, when one did. */
  forwardedFrom?: string | undefined;
  closures?: readonly ClosedPeriod[];
};

/**
 * Where a call arriving at `at` goes. A mode whose prerequisite went missing (the business phone or the hours
 * were removed after it was chosen) falls back to the assistant: a caller is never left unanswered. A call the
 * business line itself forwarded here is never dialled back to it (that line already rang, or is forwarding
 * everything: dialling it again would loop), and neither is a business line that is the assistant's own number.
 */
export function answerPlan(config: AnswerConfig, at: Date, call: CallFacts = {}): AnswerPlan {
  const mode = config.answer_mode ?? DEFAULT_ANSWER_MODE;
  const closures = call.closures ?? [];
  const configured = businessLineOf(config);
  const loops =
    configured !== undefined && (configured === call.calledNumber || configured === call.forwardedFrom);
  const line = loops ? undefined : configured;
  if (mode === 'ring_first' && line) {
    const seconds = Math.min(
      RING_SECONDS.max,
      Math.max(RING_SECONDS.min, config.ring_seconds ?? RING_SECONDS.default),
    );
    return { kind: 'ring_owner', to: line, seconds };
  }
  if (mode === 'after_hours') {
    const clock = businessClockOf(config);
    if (!line || !clock.hours) return { kind: 'assistant', route: 'assistant' };
    return isOpenAt(clock, at, closures)
      ? { kind: 'business_line', to: line }
      : { kind: 'assistant', route: 'after_hours' };
  }
  return { kind: 'assistant', route: 'assistant' };
}

/**
 * The next moment the business opens after `at` (within two weeks), or undefined when it never does. A
 * closure pushes an opening to the next one after it.
 */
export function nextOpening(
  clock: BusinessClock,
  at: Date,
  closures: readonly ClosedPeriod[] = [],
): Date | undefined {
  if (!clock.hours) return undefined;
  const today = zonedParts(at, clock.timeZone);
  for (let offset = 0; offset < 14; offset += 1) {
    const date = addDays(today, offset);
    for (const open of clock.hours[weekdayOf(date)]) {
      const start = zonedInstant(
        { ...date, hour: Math.floor(open.start / 60), minute: open.start % 60 },
        clock.timeZone,
      );
      if (start.getTime() > at.getTime() && !inClosure(start.getTime(), closures, clock)) return start;
    }
  }
  return undefined;
}

const SPANISH_WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];

/**
 * "later today", "tomorrow", "Monday" ("hoy más tarde", "mañana", "el lunes"): the next opening day as the
 * after-hours greeting says it.
 */
export function nextOpenDayPhrase(
  clock: BusinessClock,
  at: Date,
  closures: readonly ClosedPeriod[] = [],
  language: Language = 'en',
) {
  const next = nextOpening(clock, at, closures);
  if (!next) return undefined;
  const es = language === 'es';
  const today = zonedParts(at, clock.timeZone);
  const day = zonedParts(next, clock.timeZone);
  if (day.year === today.year && day.month === today.month && day.day === today.day)
    return es ? 'hoy más tarde' : 'later today';
  const tomorrow = addDays(today, 1);
  if (day.year === tomorrow.year && day.month === tomorrow.month && day.day === tomorrow.day)
    return es ? 'mañana' : 'tomorrow';
  return es ? `el ${SPANISH_WEEKDAYS[day.weekday]}` : WEEKDAY_NAMES[day.weekday];
}

/** The greeting each route speaks when the owner wrote none. */
export const DEFAULT_GREETINGS = {
  ring_first: (business: string, assistant: string) =>
    `Thanks for calling ${business}, the team is with clients right now. This is ${assistant}, how can I help you?`,
  after_hours: (business: string, assistant: string, nextOpenDay: string | undefined) =>
    nextOpenDay
      ? `Thanks for calling ${business}, we're closed right now, but I can book you for ${nextOpenDay}. This is ${assistant}, how can I help you?`
      : `Thanks for calling ${business}, we're closed right now. This is ${assistant}, how can I help you?`,
} as const;

/** The same, for a caller greeted in Spanish (the business's usual Spanish greeting speaks to the others). */
export const SPANISH_ROUTE_GREETINGS = {
  ring_first: (business: string, assistant: string) =>
    `Gracias por llamar a ${business}. El equipo está atendiendo a clientes en este momento. Le atiende ${assistant}. ¿En qué le puedo ayudar?`,
  after_hours: (business: string, assistant: string, nextOpenDay: string | undefined) =>
    nextOpenDay
      ? `Gracias por llamar a ${business}. Ahora mismo estamos cerrados, pero puedo darle una cita para ${nextOpenDay}. Le atiende ${assistant}. ¿En qué le puedo ayudar?`
      : `Gracias por llamar a ${business}. Ahora mismo estamos cerrados. Le atiende ${assistant}. ¿En qué le puedo ayudar?`,
} as const;

/** Owner-written greetings, per mode; empty or absent means the default. */
export type Greetings = Partial<Record<AnswerMode, string>>;

/**
 * What the assistant says first on a call that took `route`: the owner's greeting for that mode, else the
 * suggested one (the always-mode suggestion is the receptionist's usual welcome, passed in).
 */
export function routeGreeting(
  route: AssistantCallRoute,
  input: {
    greetings?: Greetings | undefined;
    business: string;
    assistant: string;
    usualWelcome: string;
    clock: BusinessClock;
    at: Date;
    closures?: readonly ClosedPeriod[];
    /**
     * The caller's, when the business serves it: a Spanish-speaking caller hears the route's greeting in
     * Spanish (the owner's own per-mode greetings are written in one language, so they are not used), and
     * `usualWelcome` is then the business's Spanish greeting.
     */
    language?: Language;
  },
): string {
  const es = input.language === 'es';
  const own = es ? undefined : input.greetings?.[route === 'assistant' ? 'always' : route]?.trim();
  if (own) return own;
  const defaults = es ? SPANISH_ROUTE_GREETINGS : DEFAULT_GREETINGS;
  if (route === 'ring_first') return defaults.ring_first(input.business, input.assistant);
  if (route === 'after_hours')
    return defaults.after_hours(
      input.business,
      input.assistant,
      nextOpenDayPhrase(input.clock, input.at, input.closures, input.language),
    );
  return input.usualWelcome;
}
