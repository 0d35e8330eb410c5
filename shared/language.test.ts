import { describe, expect, it } from 'vitest';
import { detectLanguage, withoutAccents } from './language';

describe('detectLanguage: Spanish or English by words and accents', () => {
  it.each([
    ['¿Cuál es su horario el sábado?', 'es'],
    ['Quiero una cita para mañana a las 10', 'es'],
    ['cuanto cuesta un corte', 'es'],
    ['hola buenas tardes', 'es'],
    ['Gracias, adiós', 'es'],
    ['What are your hours on Saturday?', 'en'],
    ['Can I book an appointment for tomorrow at 10?', 'en'],
    ['how much is a haircut', 'en'],
    ['CANCEL APPT', 'en'],
  ])('%s → %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('keeps the thread’s language when a short text says nothing either way', () => {
    for (const text of ['ok', '3pm', 'Dana', '2', '👍', ''])
      expect([detectLanguage(text, 'es'), detectLanguage(text, 'en'), detectLanguage(text)]).toEqual([
        'es',
        'en',
        'en',
      ]);
  });

  it('reads accented and unaccented Spanish alike', () => {
    expect(withoutAccents('mañana miércoles mediodía')).toBe('manana miercoles mediodia');
    expect(detectLanguage('manana a las 10 por favor')).toBe('es');
  });
});
