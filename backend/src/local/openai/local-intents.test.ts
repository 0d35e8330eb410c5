import { describe, expect, it } from 'vitest';
import { extractName, extractService, intentOf, pickOffered } from './local-intents';

describe('intentOf: what small-business callers ask', () => {
  it.each([
    ['What are your hours?', 'hours'],
    ['are you open on saturday', 'hours'],
    ['Where are you located?', 'address'],
    ['How much is a haircut?', 'prices'],
    ['What services do you offer?', 'services'],
    ['Can I book an appointment for Friday?', 'book'],
    ['Do you have any availability tomorrow?', 'book'],
    ['I need to cancel my appointment', 'cancel'],
    ['Can I reschedule my booking?', 'reschedule'],
    ['How do I pay the deposit?', 'deposit'],
    ['Can I talk to a real person?', 'human'],
    ['I want to speak with the manager', 'human'],
    ['Can I leave a message for Dana?', 'message'],
    ['thanks!', 'goodbye'],
    ["that's all, bye", 'goodbye'],
    ['hello there', 'greeting'],
    ['yes please', 'yes'],
    ['Yes', 'yes'],
    ['nope', 'no'],
    // The confirmation text's own replies.
    ['CHANGE', 'reschedule'],
    ['change.', 'reschedule'],
    ['CANCEL APPT', 'cancel'],
    ['Cancel appt', 'cancel'],
    ['what is the meaning of life', 'unknown'],
  ])('%s → %s', (text, intent) => {
    expect(intentOf(text)).toBe(intent);
  });
});

/** At least 60 ways Spanish-speaking callers ask for the same things (decision 174). */
describe('intentOf: the same intents in Spanish', () => {
  it.each([
    ['¿Cuál es su horario?', 'hours'],
    ['¿A qué hora abren el sábado?', 'hours'],
    ['¿Están abiertos los domingos?', 'hours'],
    ['¿A qué hora cierran hoy?', 'hours'],
    ['cual es el horario', 'hours'],
    ['¿Abren mañana?', 'hours'],
    ['¿Cuánto cuesta un corte?', 'prices'],
    ['cuanto cobran por un tinte', 'prices'],
    ['¿Qué precios tienen?', 'prices'],
    ['¿Cuánto sale el manicure?', 'prices'],
    ['¿Cuál es el costo de una limpieza?', 'prices'],
    ['¿Qué servicios ofrecen?', 'services'],
    ['¿Qué hacen ustedes?', 'services'],
    ['¿Tienen tratamientos para el cabello?', 'services'],
    ['Quiero hacer una cita', 'book'],
    ['Quisiera reservar para el viernes', 'book'],
    ['¿Tienen disponibilidad mañana?', 'book'],
    ['Necesito una cita para un corte', 'book'],
    ['¿Me pueden atender hoy?', 'book'],
    ['quiero agendar una cita', 'book'],
    ['¿Hay espacio el martes?', 'book'],
    ['Me gustaría sacar un turno', 'book'],
    ['Necesito cambiar mi cita', 'reschedule'],
    ['¿Puedo reprogramar mi cita?', 'reschedule'],
    ['quiero mover mi cita al jueves', 'reschedule'],
    ['¿Se puede reagendar?', 'reschedule'],
    ['Necesito cambiar la hora', 'reschedule'],
    ['Quiero cancelar mi cita', 'cancel'],
    ['cancela mi cita por favor', 'cancel'],
    ['¿Puedo anular la reserva?', 'cancel'],
    ['Tengo que cancelar', 'cancel'],
    ['Quiero hablar con una persona', 'human'],
    ['¿Puedo hablar con el gerente?', 'human'],
    ['Comuníqueme con la dueña', 'human'],
    ['Páseme con alguien por favor', 'human'],
    ['quiero hablar con un humano', 'human'],
    ['¿Está el encargado?', 'human'],
    ['Quiero dejar un mensaje', 'message'],
    ['¿Puedo dejarle un recado a Dana?', 'message'],
    ['¿Me puede tomar un mensaje?', 'message'],
    ['Que alguien me llame, por favor', 'message'],
    ['Un mensaje para la dueña', 'message'],
    ['¿Me pueden llamar más tarde?', 'message'],
    ['Gracias', 'goodbye'],
    ['¡Muchas gracias!', 'goodbye'],
    ['Adiós', 'goodbye'],
    ['eso es todo, gracias', 'goodbye'],
    ['Hasta luego', 'goodbye'],
    ['nada más, que tenga buen día', 'goodbye'],
    ['¿Cómo pago el depósito?', 'deposit'],
    ['Mándeme el enlace para pagar', 'deposit'],
    ['¿Dónde están ubicados?', 'address'],
    ['¿Cuál es la dirección?', 'address'],
    // Parking is the knowledge base's question (decision 181), not the street address.
    ['¿Tienen estacionamiento?', 'unknown'],
    ['¿Tienen página web?', 'website'],
    ['¿Cuál es su número de teléfono?', 'phone'],
    ['¿Quiénes son ustedes?', 'about'],
    ['Hola', 'greeting'],
    ['¡Hola, buenas tardes!', 'greeting'],
    ['Buenos días', 'greeting'],
    ['Sí, por favor', 'yes'],
    ['Claro que sí', 'yes'],
    ['Perfecto', 'yes'],
    ['De acuerdo', 'yes'],
    ['No, gracias', 'no'],
    ['mejor no', 'no'],
    ['¿Cuál es el sentido de la vida?', 'unknown'],
  ])('%s → %s', (text, intent) => {
    expect(intentOf(text)).toBe(intent);
  });

  it('reads a short, signal-free reply in the thread’s language', () => {
    expect(intentOf('si', 'es')).toBe('yes');
    expect(intentOf('ok', 'es')).toBe('yes');
    expect(intentOf('bye', 'es')).toBe('goodbye');
  });
});

describe('extractName', () => {
  it('reads a name from what callers say', () => {
    expect(extractName('Hi, this is Sam Lee calling')).toBe('Sam Lee');
    expect(extractName("my name's jordan")).toBe('Jordan');
    expect(extractName("I'm calling about my booking")).toBeUndefined();
  });
  it('takes a bare answer only when asked for a name', () => {
    expect(extractName('ana maria', true)).toBe('Ana Maria');
    expect(extractName('ana maria')).toBeUndefined();
    expect(extractName('tomorrow at 3 works?', true)).toBeUndefined();
  });
  it('reads a Spanish name, accents included', () => {
    expect(extractName('Hola, me llamo José García', false, 'es')).toBe('José García');
    expect(extractName('soy Lucía', false, 'es')).toBe('Lucía');
    expect(extractName('soy cliente nueva', false, 'es')).toBeUndefined();
    expect(extractName('maría núñez', true, 'es')).toBe('María Núñez');
    expect(extractName('mañana', true, 'es')).toBeUndefined();
    expect(extractName('claro', true, 'es')).toBeUndefined();
  });
});

describe('extractService', () => {
  it('finds the service the caller named', () => {
    expect(extractService('Can I book a haircut tomorrow?')).toBe('haircut');
    expect(extractService('I need a cleaning on Friday')).toBe('cleaning');
    expect(extractService('Can I book an appointment?')).toBeUndefined();
  });
  it('finds it in Spanish, skipping words that only mean an appointment', () => {
    expect(extractService('Quiero un corte mañana', 'es')).toBe('corte');
    expect(extractService('Necesito una cita para una limpieza facial el viernes', 'es')).toBe(
      'limpieza facial',
    );
    expect(extractService('Quiero hacer una cita', 'es')).toBeUndefined();
  });
});

describe('pickOffered', () => {
  const offered = [
    { start: 'a', spoken: 'Tuesday, November 24 at 1:00 PM' },
    { start: 'b', spoken: 'Tuesday, November 24 at 2:30 PM' },
    { start: 'c', spoken: 'Wednesday, November 25 at 9:00 AM' },
  ];
  it('understands ordinals, clock times and days', () => {
    expect(pickOffered('the second one', offered)).toBe('b');
    expect(pickOffered('2:30 works', offered)).toBe('b');
    expect(pickOffered('9 am please', offered)).toBe('c');
    expect(pickOffered('Wednesday', offered)).toBe('c');
    expect(pickOffered('last one', offered)).toBe('c');
  });
  it('does not guess when the answer is unclear', () => {
    expect(pickOffered('Tuesday', offered)).toBeUndefined();
    expect(pickOffered('yes', offered)).toBeUndefined();
    expect(pickOffered('yes', offered.slice(0, 1))).toBe('a');
  });
  it('understands the choice in Spanish', () => {
    expect(pickOffered('la segunda', offered, 'es')).toBe('b');
    expect(pickOffered('a las 9 por favor', offered, 'es')).toBe('c');
    expect(pickOffered('el miércoles', offered, 'es')).toBe('c');
    expect(pickOffered('la última', offered, 'es')).toBe('c');
    expect(pickOffered('el martes', offered, 'es')).toBeUndefined();
    expect(pickOffered('sí', offered.slice(0, 1), 'es')).toBe('a');
    expect(pickOffered('sí', offered, 'es')).toBeUndefined();
  });
});
