/**
 * The languages the receptionist serves and how a caller's text is told apart (docs/decisions/174-spanish.md).
 * Pure and rule-based, so the local model, the date phrases and the SMS thread all agree on one answer:
 * words typical of each language are counted, accents and ¿¡ count for Spanish, and a text with no signal
 * either way ("ok", "3pm", a name) keeps the language the thread was already in.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** "mañana" → "manana", "miércoles" → "miercoles": Spanish rules match with or without accents. */
export const withoutAccents = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Words that are common in one language and not words of the other (so "no", "me", "a" are in neither). */
const SPANISH_WORDS = new Set(
  (
    'de la el los las que para por una es en con mi mis su sus del al y pero tu usted ustedes ' +
    'hola buenos buenas dias tardes noches gracias adios hasta luego favor porfa claro vale bueno ' +
    'quiero quisiera puedo puede pueden podria necesito tengo tiene tienen hay estan esta este esto ' +
    'cual cuales cuando cuanto cuanta cuesta cuestan donde como quien que horario horarios abren abierto ' +
    'abiertos perfecto mejor acuerdo dale listo cierran cerrado precio precios servicios servicio ofrecen hacen corte cita citas reservar ' +
    'agendar hacer cambiar mover cancelar anular hablar llamar llame llamen dejar mensaje recado persona ' +
    'alguien gerente dueno duena encargado manana hoy semana proximo proxima pasado lunes martes ' +
    'miercoles jueves viernes sabado domingo hora horas mediodia tarde noche si nada todo eso seria ' +
    'deposito pagar pago enlace direccion ubicados encuentran pagina numero telefono soy llamo nombre'
  ).split(' '),
);
const ENGLISH_WORDS = new Set(
  (
    'the is are you your i my what can do does have has to for and of please hours open book booking ' +
    'appointment tomorrow today tonight thanks thank hi hello hey want need how much at on this next ' +
    'yes yeah cancel reschedule time when where it be will would could with about there here morning ' +
    'afternoon evening week monday tuesday wednesday thursday friday saturday sunday price prices cost ' +
    'services message person someone manager speak talk call bye goodbye name deposit pay link'
  ).split(' '),
);

/** Spanish or English by the text's words; `previous` (the thread's language) when the text doesn't say. */
export function detectLanguage(text: string, previous: Language = DEFAULT_LANGUAGE): Language {
  const accents = /[áéíóúñü¿¡]/i.test(text) ? 2 : 0;
  const words = withoutAccents(text.toLowerCase()).match(/[a-z]+/g) ?? [];
  const spanish = accents + words.filter((word) => SPANISH_WORDS.has(word)).length;
  const english = words.filter((word) => ENGLISH_WORDS.has(word)).length;
  if (spanish > english) return 'es';
  if (english > spanish) return 'en';
  return previous;
}

/** How the owner's screens name each language (the call log, the summary e-mail, the settings). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Spanish' };

/**
 * The language a caller asks for by name: "Español", "en español por favor", "Spanish, please", "English".
 * On a call the transcriber listens in the current language, so a Spanish speaker's request is read from
 * how an English transcriber spells it ("espanol") as well as from the Spanish words.
 */
export function askedLanguage(text: string): Language | undefined {
  const words = withoutAccents(text.toLowerCase()).match(/[a-z]+/g) ?? [];
  if (words.length === 0 || words.length > 6) return undefined;
  if (words.some((word) => word === 'espanol' || word === 'spanish')) return 'es';
  if (words.some((word) => word === 'english' || word === 'ingles')) return 'en';
  return undefined;
}

/** Whether a caller's whole utterance is only that request (nothing else to answer). */
export function isOnlyLanguageRequest(text: string): boolean {
  const asked = askedLanguage(text);
  if (!asked) return false;
  const filler = new Set([
    'en',
    'in',
    'please',
    'por',
    'favor',
    'si',
    'yes',
    'habla',
    'hablar',
    'speak',
    'de',
  ]);
  const words = withoutAccents(text.toLowerCase()).match(/[a-z]+/g) ?? [];
  return words.every((word) => filler.has(word) || askedLanguage(word) === asked);
}

/**
 * The language to answer this caller in: one the owner serves (docs/decisions/174-spanish.md). An English-only
 * business answers in English whatever the caller writes; a bilingual one follows a request by name, then
 * the caller's words, then the thread's language.
 */
export function callerLanguage(
  text: string,
  previous: Language | undefined,
  served: readonly Language[] = [DEFAULT_LANGUAGE],
): Language {
  const [only] = served;
  if (served.length === 1 && only) return only;
  const chosen = askedLanguage(text) ?? detectLanguage(text, previous ?? DEFAULT_LANGUAGE);
  return served.includes(chosen) ? chosen : DEFAULT_LANGUAGE;
}
