import { describe, expect, it } from 'vitest';
import type { Service, StaffMember } from '../schemas/calendar-model';
import { zonedInstant } from './business-time';
import { slotPrefetchOf, type SlotPrefetchInput } from './slot-prefetch';

const NY = 'America/New_York';
/** Monday 2026-11-23, 10:00 in New York. */
const NOW = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, NY);

const service = (id: string, name: string): Service => ({
  id,
  name,
  description: '',
  duration_minutes: 30,
  price_kind: 'fixed',
  price_cents: 4500,
  deposit_cents: null,
  buffer_minutes: 0,
  staff_ids: [],
  resource_id: null,
});
const member = (id: string, name: string): StaffMember => ({ id, name, hours: null, calendar: null });
const SERVICES = [service('sv_cut0000001', 'Haircut'), service('sv_kids000001', 'Kids haircut')];
const STAFF = [member('st_jordan0001', 'Jordan'), member('st_sam0000001', 'Sam Lee')];

const prefetch = (text: string, more: Partial<SlotPrefetchInput> = {}) =>
  slotPrefetchOf({
    text,
    language: 'en',
    now: NOW,
    timeZone: NY,
    services: [],
    staff: [],
    bookingUnderWay: false,
    ...more,
  });

describe('slotPrefetchOf: the slot search the engine runs before asking the model', () => {
  it.each([
    'Can I book a haircut tomorrow afternoon?',
    'I’d like to make an appointment for Friday morning.',
    'Do you have any openings next Tuesday at 3pm?',
    'Could I come in on Thursday around 4?',
    'Is there availability tomorrow at noon?',
    'Can you fit me in tomorrow evening?',
  ])('prefetches for "%s", passing the caller’s own words', (text) => {
    expect(prefetch(text)).toEqual({ when: text });
  });

  it.each([
    '¿Puedo reservar una cita para mañana en la tarde?',
    'Quiero una cita el viernes a las 3',
    '¿Tienen disponibilidad el jueves por la mañana?',
    'Necesito un turno para el martes a las 10 de la mañana',
  ])('prefetches in Spanish for "%s"', (text) => {
    expect(prefetch(text, { language: 'es' })).toEqual({ when: text });
  });

  it.each([
    // No when-phrase: the model asks when (or passes "soon").
    'Can I book a haircut?',
    // The opening hours are in the instructions: no tool is needed.
    'Are you open tomorrow?',
    'What are your hours on Saturday?',
    'Hi, are you open on Saturday?',
    // An appointment the caller already has.
    'Can I cancel my appointment tomorrow?',
    'I need to reschedule to Friday afternoon.',
    'Can I move my appointment to Thursday at 2pm?',
    'Can I change my booking to tomorrow morning?',
    'I have an appointment tomorrow at 3, I’m running late.',
    'I want to confirm my appointment on Tuesday.',
    // Not a booking, though a day is named.
    'How much is a haircut tomorrow?',
    'Can I talk to someone about an appointment tomorrow?',
    // "for 2" is 2 PM to the date phrases, but here it is two people: left to the model.
    'Can I book for 2 people tomorrow?',
  ])('leaves "%s" to the model', (text) => {
    expect(prefetch(text)).toBeUndefined();
  });

  it.each([
    '¿Están abiertos mañana?',
    '¿Puedo cancelar mi cita de mañana?',
    'Quiero cambiar mi cita al viernes en la tarde',
    '¿Cuál es el horario del sábado?',
    '¿Cuánto cuesta una cita el viernes?',
    'Quiero una cita', // no day or time
  ])('leaves the Spanish "%s" to the model', (text) => {
    expect(prefetch(text, { language: 'es' })).toBeUndefined();
  });

  it('does not search again once times were offered or a move is under way: the model may rather book', () => {
    expect(prefetch('Can I book tomorrow at 3pm?', { bookingUnderWay: true })).toBeUndefined();
    expect(prefetch('Can I book tomorrow at 3pm?')).toEqual({ when: 'Can I book tomorrow at 3pm?' });
  });

  it('passes the service the words name; with services and none named, the model asks which first', () => {
    expect(prefetch('Can I book a haircut tomorrow afternoon?', { services: SERVICES })).toEqual({
      when: 'Can I book a haircut tomorrow afternoon?',
      service: 'Haircut',
    });
    expect(prefetch('Can I book kids haircuts on Friday morning?', { services: SERVICES })).toEqual({
      when: 'Can I book kids haircuts on Friday morning?',
      service: 'Kids haircut',
    });
    expect(prefetch('Can I book an appointment tomorrow afternoon?', { services: SERVICES })).toBeUndefined();
  });

  it('passes a staff member asked for by name, and leaves someone not on the staff to the model', () => {
    expect(prefetch('Can I book with Jordan tomorrow afternoon?', { staff: STAFF })).toEqual({
      when: 'Can I book with Jordan tomorrow afternoon?',
      staff: 'Jordan',
    });
    expect(prefetch('Can I book with Sam tomorrow at 10am?', { staff: STAFF })).toEqual({
      when: 'Can I book with Sam tomorrow at 10am?',
      staff: 'Sam Lee',
    });
    expect(prefetch('Can I book with Alex tomorrow afternoon?', { staff: STAFF })).toBeUndefined();
    expect(prefetch('Can I book tomorrow afternoon?', { staff: STAFF })).toEqual({
      when: 'Can I book tomorrow afternoon?',
    });
  });
});
