import { describe, expect, it } from 'vitest';
import {
  answerPlan,
  DEFAULT_GREETINGS,
  SPANISH_ROUTE_GREETINGS,
  isOpenAt,
  nextOpenDayPhrase,
  routeGreeting,
  type AnswerConfig,
} from './answer-modes';
import { businessClockOf } from './analytics';
import { RING_SECONDS } from './answer-mode-values';
import { zonedInstant } from './receptionist/business-time';

const ZONE = 'America/New_York';
const HOURS = {
  weekday_text: [
    'Monday: 9:00 AM – 5:00 PM',
    'Tuesday: 9:00 AM – 5:00 PM',
    'Wednesday: 9:00 AM – 5:00 PM',
    'Thursday: 9:00 AM – 5:00 PM',
    'Friday: 9:00 AM – 5:00 PM',
    'Saturday: 10:00 AM – 2:00 PM',
    'Sunday: Closed',
  ],
};
const LINE = '+14155550142';
const ASSISTANT = '+12125550100';
const afterHours: AnswerConfig = {
  answer_mode: 'after_hours',
  phone_number: LINE,
  time_zone: ZONE,
  business_hours: HOURS,
};
/** A wall-clock moment on the business's clock. */
const local = (month: number, day: number, hour: number, minute = 0) =>
  zonedInstant({ year: 2026, month, day, hour, minute }, ZONE);

describe('answerPlan: which way a call goes at time T', () => {
  it('after hours only: 11:00 on a weekday → the business line; 21:00 → the assistant', () => {
    // Tuesday 24 November 2026.
    expect(answerPlan(afterHours, local(11, 24, 11))).toEqual({ kind: 'business_line', to: LINE });
    expect(answerPlan(afterHours, local(11, 24, 21))).toEqual({ kind: 'assistant', route: 'after_hours' });
    // Opening and closing minutes: open at 9:00 sharp, closed at 17:00 sharp.
    expect(answerPlan(afterHours, local(11, 24, 8, 59)).kind).toBe('assistant');
    expect(answerPlan(afterHours, local(11, 24, 9)).kind).toBe('business_line');
    expect(answerPlan(afterHours, local(11, 24, 17)).kind).toBe('assistant');
    // Sunday 11:00 is closed; Saturday 11:00 is open.
    expect(answerPlan(afterHours, local(11, 29, 11)).kind).toBe('assistant');
    expect(answerPlan(afterHours, local(11, 28, 11)).kind).toBe('business_line');
  });

  it('reads the hours on the business clock across DST changes, not on UTC', () => {
    // Monday 9 March 2026, the day after clocks went forward: 9:30 EDT is 13:30 UTC (14:30 UTC the week before).
    const afterChange = new Date('2026-03-09T13:30:00.000Z');
    expect(answerPlan(afterHours, afterChange).kind).toBe('business_line');
    const beforeChange = new Date('2026-03-02T13:30:00.000Z'); // 8:30 EST: not open yet
    expect(answerPlan(afterHours, beforeChange).kind).toBe('assistant');
    // Monday 2 November 2026, after clocks went back: 16:30 EST is 21:30 UTC, still open.
    expect(answerPlan(afterHours, new Date('2026-11-02T21:30:00.000Z')).kind).toBe('business_line');
    expect(answerPlan(afterHours, new Date('2026-11-02T22:00:00.000Z')).kind).toBe('assistant');
  });

  it('a closure makes an open hour closed (the list closures will fill)', () => {
    const at = local(11, 26, 11);
    const closures = [{ from: local(11, 26, 0).toISOString(), to: local(11, 27, 0).toISOString() }];
    expect(answerPlan(afterHours, at).kind).toBe('business_line');
    expect(answerPlan(afterHours, at, { closures })).toEqual({ kind: 'assistant', route: 'after_hours' });
  });

  it('ring me first rings the business line for the chosen seconds, bounded', () => {
    const ring = { answer_mode: 'ring_first', phone_number: LINE } as const;
    expect(answerPlan({ ...ring, ring_seconds: 12 }, new Date())).toEqual({
      kind: 'ring_owner',
      to: LINE,
      seconds: 12,
    });
    expect(answerPlan(ring, new Date())).toMatchObject({ seconds: RING_SECONDS.default });
    expect(answerPlan({ ...ring, ring_seconds: 99 }, new Date())).toMatchObject({
      seconds: RING_SECONDS.max,
    });
  });

  it('always, no mode and a mode missing its prerequisites: the assistant answers', () => {
    const at = local(11, 24, 11);
    expect(answerPlan({}, at)).toEqual({ kind: 'assistant', route: 'assistant' });
    expect(answerPlan({ ...afterHours, answer_mode: 'always' }, at)).toEqual({
      kind: 'assistant',
      route: 'assistant',
    });
    expect(answerPlan({ ...afterHours, phone_number: undefined }, at).kind).toBe('assistant');
    expect(answerPlan({ ...afterHours, business_hours: undefined }, at).kind).toBe('assistant');
    expect(answerPlan({ answer_mode: 'ring_first', phone_number: '555-0142' }, at).kind).toBe('assistant');
  });

  it('never dials the call back into a loop: a line that forwarded it, or the assistant number itself', () => {
    const at = local(11, 24, 11);
    expect(answerPlan(afterHours, at, { forwardedFrom: LINE }).kind).toBe('assistant');
    expect(answerPlan({ ...afterHours, phone_number: ASSISTANT }, at, { calledNumber: ASSISTANT }).kind).toBe(
      'assistant',
    );
    expect(
      answerPlan({ answer_mode: 'ring_first', phone_number: LINE }, at, { forwardedFrom: LINE }).kind,
    ).toBe('assistant');
  });
});

describe('greetings per mode', () => {
  const clock = businessClockOf(afterHours);
  const base = { business: 'Sunset Cuts', assistant: 'Ava', usualWelcome: 'Welcome!', clock };

  it('after hours names the next open day: later today, tomorrow, or the weekday', () => {
    expect(nextOpenDayPhrase(clock, local(11, 24, 7))).toBe('later today');
    expect(nextOpenDayPhrase(clock, local(11, 24, 21))).toBe('tomorrow');
    expect(nextOpenDayPhrase(clock, local(11, 28, 15))).toBe('Monday');
    expect(isOpenAt(clock, local(11, 28, 15))).toBe(false);
    expect(routeGreeting('after_hours', { ...base, at: local(11, 24, 21) })).toBe(
      "Thanks for calling Sunset Cuts, we're closed right now, but I can book you for tomorrow. This is Ava, how can I help you?",
    );
  });

  it('speaks to a Spanish-speaking caller in Spanish: the route, the next open day, never the English own words', () => {
    const es = { ...base, usualWelcome: 'Gracias por llamar.', language: 'es' as const };
    expect(nextOpenDayPhrase(clock, local(11, 24, 7), [], 'es')).toBe('hoy más tarde');
    expect(nextOpenDayPhrase(clock, local(11, 24, 21), [], 'es')).toBe('mañana');
    expect(nextOpenDayPhrase(clock, local(11, 28, 15), [], 'es')).toBe('el lunes');
    expect(routeGreeting('after_hours', { ...es, at: local(11, 28, 15) })).toBe(
      'Gracias por llamar a Sunset Cuts. Ahora mismo estamos cerrados, pero puedo darle una cita para el lunes. Le atiende Ava. ¿En qué le puedo ayudar?',
    );
    const greetings = { ring_first: 'Sorry we missed you!', always: 'Hello from Sunset!' };
    expect(routeGreeting('ring_first', { ...es, greetings, at: new Date() })).toBe(
      SPANISH_ROUTE_GREETINGS.ring_first('Sunset Cuts', 'Ava'),
    );
    expect(routeGreeting('assistant', { ...es, greetings, at: new Date() })).toBe('Gracias por llamar.');
  });

  it("uses the owner's greeting per mode when set, else the suggested one", () => {
    const greetings = { ring_first: 'Sorry we missed you!', always: '', after_hours: '  ' };
    expect(routeGreeting('ring_first', { ...base, greetings, at: new Date() })).toBe('Sorry we missed you!');
    expect(routeGreeting('assistant', { ...base, greetings, at: new Date() })).toBe('Welcome!');
    expect(routeGreeting('ring_first', { ...base, at: new Date() })).toBe(
      DEFAULT_GREETINGS.ring_first('Sunset Cuts', 'Ava'),
    );
  });
});
