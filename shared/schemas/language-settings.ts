import { z } from 'zod';
import { LANGUAGES } from '../language';
import { greetingTextSchema } from './answer-mode';
import { selectedVoiceSchema } from './selected-voice';

/** The languages the assistant serves: English first, Spanish optional (docs/decisions/174-spanish.md). */
export const servedLanguagesSchema = z
  .array(z.enum(LANGUAGES, { error: `languages may name only ${LANGUAGES.join(', ')}` }))
  .min(1, 'Choose at least one language')
  .max(LANGUAGES.length)
  .refine((languages) => languages[0] === 'en', 'English is always served, first')
  .refine((languages) => new Set(languages).size === languages.length, 'Name each language once');

/** PUT /oauth/users/{userId}/languages: the languages, the Spanish voice and greeting, the greeting's offer. */
export const languageSettingsSchema = z.strictObject({
  languages: servedLanguagesSchema,
  /** The voice Spanish is spoken in; absent: the English voice, which speaks Spanish too. */
  selected_voice_es: selectedVoiceSchema.optional(),
  bilingual_greeting: z.boolean().default(true),
  greeting_es: greetingTextSchema.default(''),
});
export type LanguageSettings = z.infer<typeof languageSettingsSchema>;
export type LanguageSettingsInput = z.input<typeof languageSettingsSchema>;
