import { EXISTING_APPOINTMENT } from '../business';
import type { EvalScenario } from '../scenario-types';
import { DONT_KNOW, MESSAGE_OFFER } from './phrases';

/** Tuesday, November 24, 2:00 PM in New York: where the booking scenarios end up. */
const TUESDAY_2PM = '2026-11-24T19:00:00.000Z';
const HOURS_SAID = [/9:00 AM/, /5:00 PM/];

export const FACTS: EvalScenario[] = [
  {
    id: 'facts-hours-price-en-sms',
    category: 'facts',
    channel: 'sms',
    language: 'en',
    turns: [
      { say: 'What are your hours?', expect: { says: HOURS_SAID, calls: ['get_business_info'] } },
      { say: 'How much is a haircut?', expect: { says: ['$45'] } },
    ],
    neverCalls: ['book_appointment'],
  },
  {
    id: 'facts-location-en-voice',
    category: 'facts',
    channel: 'voice',
    language: 'en',
    turns: [
      { say: 'Hi, what time do you open?', expect: { says: [/9/] } },
      { say: 'Where are you located?', expect: { says: ['12 Market St'] } },
    ],
  },
  {
    id: 'facts-website-unknown-en-sms',
    category: 'facts',
    channel: 'sms',
    language: 'en',
    turns: [
      { say: 'Hi there', expect: {} },
      { say: "What's your address?", expect: { says: ['12 Market St'] } },
      {
        say: "What's your website?",
        expect: { says: [DONT_KNOW.en, MESSAGE_OFFER.en], never: [/www\.|https?:/] },
      },
    ],
  },
  {
    id: 'facts-hours-price-es-sms',
    category: 'facts',
    channel: 'sms',
    language: 'es',
    turns: [
      { say: '¿Cuál es su horario?', expect: { says: [/9/, /5/] } },
      { say: '¿Cuánto cuesta un corte?', expect: { says: ['$45'] } },
    ],
  },
  {
    id: 'facts-location-es-voice',
    category: 'facts',
    channel: 'voice',
    language: 'es',
    turns: [
      { say: '¿Dónde están ubicados?', expect: { says: ['12 Market St'] } },
      { say: '¿A qué hora cierran?', expect: { says: [/5/] } },
    ],
  },
  {
    id: 'facts-closing-en-voice',
    category: 'facts',
    channel: 'voice',
    language: 'en',
    turns: [
      { say: 'What time do you close?', expect: { says: [/5:00 PM|5 PM/] } },
      { say: 'And how much is a haircut?', expect: { says: ['$45'] } },
    ],
  },
];

export const BOOKINGS: EvalScenario[] = [
  ...(['sms', 'voice'] as const).map((channel): EvalScenario => ({
    id: `booking-tomorrow-en-${channel}`,
    category: 'booking',
    channel,
    language: 'en',
    turns: [
      { say: 'Can I book a haircut tomorrow afternoon?', expect: { calls: ['find_open_slots'] } },
      { say: 'The 2:00 one please', expect: { doesNotCall: ['book_appointment'] } },
      { say: 'Sam Lee', expect: { calls: ['book_appointment'], says: [/2:00 PM|2 PM/] } },
    ],
    after: { appointments: [{ status: 'booked', starts_at: TUESDAY_2PM, customer_name: 'Sam Lee' }] },
  })),
  ...(['sms', 'voice'] as const).map((channel): EvalScenario => ({
    id: `booking-tomorrow-es-${channel}`,
    category: 'booking',
    channel,
    language: 'es',
    turns: [
      { say: 'Quiero una cita para un corte mañana por la tarde', expect: { calls: ['find_open_slots'] } },
      { say: 'a las 2 por favor', expect: { says: [/nombre/] } },
      { say: 'Sofía Pérez', expect: { calls: ['book_appointment'], says: [/2:00/] } },
    ],
    after: { appointments: [{ status: 'booked', starts_at: TUESDAY_2PM, customer_name: 'Sofía Pérez' }] },
  })),
  {
    id: 'booking-thursday-named-en-sms',
    category: 'booking',
    channel: 'sms',
    language: 'en',
    turns: [
      { say: 'book me for thursday at 11am', expect: { says: [/11:00 AM/] } },
      { say: 'yes, my name is Lee Park', expect: { calls: ['book_appointment'] } },
    ],
    after: {
      appointments: [
        { status: 'booked', starts_at: EXISTING_APPOINTMENT.starts_at, customer_name: 'Lee Park' },
      ],
    },
  },
  {
    id: 'booking-closed-sunday-en-sms',
    category: 'booking',
    channel: 'sms',
    language: 'en',
    turns: [
      {
        say: 'Do you have anything Sunday?',
        expect: { says: [/closed/i], doesNotCall: ['book_appointment'] },
      },
      { say: 'ok, never mind, thanks', expect: { doesNotCall: ['book_appointment'] } },
    ],
    after: { appointments: [] },
  },
];

const CANCELLED = [
  {
    status: 'cancelled' as const,
    starts_at: EXISTING_APPOINTMENT.starts_at,
    customer_name: EXISTING_APPOINTMENT.customer_name,
  },
];

export const MOVES_AND_CANCELS: EvalScenario[] = [
  ...(['sms', 'voice'] as const).map((channel): EvalScenario => ({
    id: `cancel-en-${channel}`,
    category: 'move_cancel',
    channel,
    language: 'en',
    existingAppointment: true,
    turns: [
      {
        say: 'I need to cancel my appointment',
        expect: { calls: ['cancel_appointment'], says: [/cancel/i] },
      },
      { say: 'thanks, bye', expect: { doesNotCall: ['book_appointment'] } },
    ],
    after: { appointments: CANCELLED },
  })),
  ...(['sms', 'voice'] as const).map((channel): EvalScenario => ({
    id: `cancel-es-${channel}`,
    category: 'move_cancel',
    channel,
    language: 'es',
    existingAppointment: true,
    turns: [
      { say: 'Necesito cancelar mi cita', expect: { calls: ['cancel_appointment'], says: [/cancel/i] } },
      { say: 'gracias, adiós', expect: { doesNotCall: ['book_appointment'] } },
    ],
    after: { appointments: CANCELLED },
  })),
  {
    id: 'move-en-sms',
    category: 'move_cancel',
    channel: 'sms',
    language: 'en',
    existingAppointment: true,
    turns: [
      { say: 'Can I move my appointment to Friday at 2pm?', expect: { says: [/Friday/] } },
      { say: 'great, thanks', expect: { doesNotCall: ['cancel_appointment'] } },
    ],
    after: {
      appointments: [
        {
          status: 'booked',
          starts_at: '2026-11-27T19:00:00.000Z',
          customer_name: EXISTING_APPOINTMENT.customer_name,
        },
        ...CANCELLED,
      ],
    },
  },
  {
    id: 'move-es-sms',
    category: 'move_cancel',
    channel: 'sms',
    language: 'es',
    existingAppointment: true,
    turns: [
      { say: '¿Puedo cambiar mi cita para el viernes a las 2 de la tarde?', expect: { says: [/viernes/] } },
      { say: 'perfecto, gracias', expect: { doesNotCall: ['cancel_appointment'] } },
    ],
    after: {
      appointments: [
        {
          status: 'booked',
          starts_at: '2026-11-27T19:00:00.000Z',
          customer_name: EXISTING_APPOINTMENT.customer_name,
        },
        ...CANCELLED,
      ],
    },
  },
];
