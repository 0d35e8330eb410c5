import { describe, expect, it } from 'vitest';
import {
  askedLanguage,
  callerLanguage,
  detectLanguage,
  isOnlyLanguageRequest,
  withoutAccents,
} from './language';

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

describe('the language a caller is answered in (decision 174)', () => {
  it('hears a request by name, as an English transcriber spells it too', () => {
    expect(['Español', 'espanol', 'en español por favor', 'Spanish, please'].map(askedLanguage)).toEqual([
      'es',
      'es',
      'es',
      'es',
    ]);
    expect(askedLanguage('English please')).toBe('en');
    expect(askedLanguage('Do you have time tomorrow?')).toBeUndefined();
    expect(isOnlyLanguageRequest('Español')).toBe(true);
    expect(isOnlyLanguageRequest('Spanish please')).toBe(true);
    expect(isOnlyLanguageRequest('Do you speak Spanish and take walk-ins on Saturday?')).toBe(false);
  });

  it('answers an English-only business’s callers in English, a bilingual one’s in theirs', () => {
    expect(callerLanguage('¿Cuál es su horario el sábado?', undefined, ['en'])).toBe('en');
    expect(callerLanguage('¿Cuál es su horario el sábado?', undefined)).toBe('en');
    expect(callerLanguage('¿Cuál es su horario el sábado?', undefined, ['en', 'es'])).toBe('es');
    expect(callerLanguage('ok', 'es', ['en', 'es'])).toBe('es');
    expect(callerLanguage('English please', 'es', ['en', 'es'])).toBe('en');
    expect(callerLanguage('espanol', 'en', ['en', 'es'])).toBe('es');
  });
});
