import { describe, expect, it } from 'vitest';
import { openingGreeting, servedLanguages, SPANISH_OFFER } from './language-settings';
import { languageSettingsSchema } from './schemas/language-settings';
import { relayLanguageMessage, relayLanguagesOf, relayVoiceIn, VOICE_TEXTS } from './voice-relay';

describe('the owner’s languages (decision 174)', () => {
  it('serves English only until the owner adds Spanish', () => {
    expect(servedLanguages({})).toEqual(['en']);
    expect(servedLanguages({ languages: ['en', 'es'] })).toEqual(['en', 'es']);
  });

  it('offers Spanish in Spanish after the greeting, unless the owner turned it off', () => {
    expect(openingGreeting('Thanks for calling Sunset Cuts.', { languages: ['en', 'es'] })).toBe(
      `Thanks for calling Sunset Cuts. ${SPANISH_OFFER}`,
    );
    expect(openingGreeting('Hi.', { languages: ['en', 'es'], bilingual_greeting: false })).toBe('Hi.');
    expect(openingGreeting('Hi.', { languages: ['en'] })).toBe('Hi.');
  });

  it('refuses languages without English, repeated, unknown, and markup in the Spanish greeting', () => {
    for (const languages of [['es'], ['en', 'en'], ['en', 'fr'], []])
      expect(languageSettingsSchema.safeParse({ languages }).success).toBe(false);
    expect(
      languageSettingsSchema.safeParse({ languages: ['en', 'es'], greeting_es: '<speak>Hola</speak>' })
        .success,
    ).toBe(false);
    expect(languageSettingsSchema.parse({ languages: ['en', 'es'] })).toEqual({
      languages: ['en', 'es'],
      bilingual_greeting: true,
      greeting_es: '',
    });
  });

  it('declares a <Language> per served language with its voice, and switches with a language message', () => {
    expect(relayLanguagesOf({ languages: ['en'] })).toEqual([]);
    const config = {
      languages: ['en', 'es'] as const,
      selected_voice: { provider: 'openai', voice_id: 'onyx' },
    };
    expect(relayLanguagesOf(config)).toEqual([
      { code: 'en-US', ttsProvider: 'Google', voice: 'en-US-Journey-D', transcriptionProvider: 'Google' },
      { code: 'es-US', ttsProvider: 'Google', voice: 'es-US-Neural2-B', transcriptionProvider: 'Google' },
    ]);
    expect(
      relayVoiceIn({ ...config, selected_voice_es: { provider: 'elevenlabs', voice_id: 'x1' } }, 'es'),
    ).toEqual({
      ttsProvider: 'ElevenLabs',
      voice: 'x1',
    });
    expect(relayLanguageMessage('es')).toEqual({
      type: 'language',
      ttsLanguage: 'es-US',
      transcriptionLanguage: 'es-US',
    });
  });

  it('tells the manager the caller’s language in the whisper, and nothing more for English', () => {
    expect(VOICE_TEXTS.whisper('Ana wants to move her cut.', 'Spanish')).toBe(
      'Call from Ringly. The caller speaks Spanish. Ana wants to move her cut.',
    );
    expect(VOICE_TEXTS.whisper('Ana wants to move her cut.')).toBe(
      'Call from Ringly. Ana wants to move her cut.',
    );
  });
});
