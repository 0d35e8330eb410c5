import { DEFAULT_LANGUAGE, type Language } from './language';

/**
 * The owner's language choice (docs/decisions/174-spanish.md): English, or English and Spanish. Calls start in
 * English; with Spanish on, the greeting can offer Spanish in Spanish, and a caller who asks for it or speaks
 * it is answered in Spanish, in the Spanish voice, from then on.
 */
export const LANGUAGE_CHOICES = {
  en: ['en'],
  en_es: ['en', 'es'],
} as const satisfies Record<string, readonly Language[]>;
export type LanguageChoice = keyof typeof LANGUAGE_CHOICES;

/** The languages an owner's assistant serves; owners who never chose keep English only. */
export function servedLanguages(config: { languages?: readonly Language[] | undefined }): Language[] {
  const languages = config.languages?.length ? [...config.languages] : [DEFAULT_LANGUAGE];
  return languages.includes(DEFAULT_LANGUAGE) ? languages : [DEFAULT_LANGUAGE, ...languages];
}

export const choiceOfLanguages = (languages: readonly Language[]): LanguageChoice =>
  languages.includes('es') ? 'en_es' : 'en';

/** Said in Spanish after the English greeting, so a Spanish speaker knows to ask. */
export const SPANISH_OFFER = 'Para español, diga español.';

/** The greeting a call opens with: the English one, plus the Spanish offer when the owner wants it. */
export function openingGreeting(
  greeting: string,
  settings: { languages?: readonly Language[] | undefined; bilingual_greeting?: boolean | undefined },
): string {
  const offer = servedLanguages(settings).includes('es') && settings.bilingual_greeting !== false;
  return offer ? `${greeting.trim()} ${SPANISH_OFFER}` : greeting;
}

/** What the assistant says when the caller switches to Spanish: the owner's Spanish greeting, or this. */
export const suggestedSpanishGreeting = (business: string, assistant: string) =>
  `Gracias por llamar a ${business}. Le atiende ${assistant}. ¿En qué le puedo ayudar?`;

/** The sample a Spanish voice preview speaks. */
export const spanishVoiceSample = (business: string) =>
  `Hola, gracias por llamar a ${business}. ¿En qué le puedo ayudar hoy?`;

/** The owner's form (setup step 3 and the dashboard). */
export const LANGUAGE_TEXTS = {
  title: 'Languages',
  intro: 'Your assistant can answer in English only, or in English and Spanish.',
  choices: {
    en: { label: 'English', description: 'Your assistant answers every caller in English.' },
    en_es: {
      label: 'English and Spanish',
      description:
        'Calls start in English. Callers who speak Spanish, or ask for it, are answered in Spanish; texts are answered in the language they are written in.',
    },
  } satisfies Record<LanguageChoice, { label: string; description: string }>,
  spanishVoice: 'Spanish voice',
  playSpanishSample: 'Play Spanish sample',
  bilingualGreeting: `Offer Spanish in the greeting ("${SPANISH_OFFER}")`,
  spanishGreeting: 'Spanish greeting',
  spanishGreetingHint: 'Said when a caller switches to Spanish. Leave empty to use the suggested greeting.',
  save: 'Save',
  saved: 'Saved',
  saveFailed: 'Could not save. Please try again.',
} as const;
