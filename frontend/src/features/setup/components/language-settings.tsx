import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { GREETING_MAX_CHARS } from '@shared/answer-mode-values';
import {
  choiceOfLanguages,
  LANGUAGE_CHOICES,
  LANGUAGE_TEXTS,
  servedLanguages,
  SPANISH_OFFER,
  spanishVoiceSample,
  suggestedSpanishGreeting,
  type LanguageChoice,
} from '@shared/language-settings';
import type { BusinessConfig } from '@shared/schemas/business-config';
import { FormField } from '../../../components/ui/form-field';
import { InlineSaveActions, useInlineSave } from '../../../components/ui/inline-save';
import { loadVoices, previewVoice, saveLanguages, type SelectedVoice, type Voice } from '../api/setup-api';
import { GENDER_ORDER } from '../voice-selection';
import './answer-mode-settings.css';

const CHOICES = Object.keys(LANGUAGE_CHOICES) as LanguageChoice[];

/**
 * The assistant's languages (docs/decisions/174-spanish.md): English, or English and Spanish with the Spanish
 * voice (previewed in Spanish), the Spanish greeting, and whether the opening greeting offers Spanish. Saved on
 * its own; setup step 3 and the dashboard's Overview share it.
 */
export function LanguageSettings({
  userId,
  config,
  onSaved,
}: {
  userId: string;
  config: BusinessConfig | null | undefined;
  onSaved: (config: BusinessConfig) => void;
}) {
  const [choice, setChoice] = useState<LanguageChoice>(choiceOfLanguages(servedLanguages(config ?? {})));
  const [spanishVoice, setSpanishVoice] = useState<SelectedVoice | undefined>(
    config?.selected_voice_es ?? config?.selected_voice,
  );
  const [offer, setOffer] = useState(config?.bilingual_greeting ?? true);
  const [greeting, setGreeting] = useState(config?.greeting_es ?? '');
  const { state, edit, run } = useInlineSave(LANGUAGE_TEXTS.saveFailed);
  const [sample, setSample] = useState<{ url?: string; error?: string; busy?: boolean }>({});
  const voices = useQuery({ queryKey: ['voices'], queryFn: loadVoices, staleTime: 5 * 60_000, retry: 0 });
  const voiceList: Voice[] = GENDER_ORDER.flatMap((gender) => voices.data?.[gender] ?? []);
  const business = config?.business_name?.trim() || 'your business';
  const spanish = choice === 'en_es';

  const save = () =>
    run(async () => {
      onSaved(
        await saveLanguages(userId, {
          languages: [...LANGUAGE_CHOICES[choice]],
          bilingual_greeting: offer,
          greeting_es: greeting,
          ...(spanishVoice ? { selected_voice_es: spanishVoice } : {}),
        }),
      );
    });

  const playSample = async () => {
    if (!spanishVoice) return;
    setSample({ busy: true });
    try {
      const { audio_url } = await previewVoice(
        { ...spanishVoice, language: 'es' },
        spanishVoiceSample(business),
      );
      setSample({ url: audio_url });
    } catch (error) {
      setSample({ error: error instanceof Error ? error.message : LANGUAGE_TEXTS.saveFailed });
    }
  };

  return (
    <fieldset className="answer-mode-settings" data-testid="language-settings">
      <legend>{LANGUAGE_TEXTS.title}</legend>
      <p className="step-intro">{LANGUAGE_TEXTS.intro}</p>
      <div role="radiogroup" aria-label={LANGUAGE_TEXTS.title} className="answer-mode-options">
        {CHOICES.map((value) => (
          <label key={value} className="answer-mode-option">
            <input
              type="radio"
              name="languages"
              value={value}
              data-testid={`languages-${value}`}
              checked={choice === value}
              onChange={() => {
                setChoice(value);
                edit();
              }}
            />
            <span>
              <strong>{LANGUAGE_TEXTS.choices[value].label}</strong>
              <span className="answer-mode-description">{LANGUAGE_TEXTS.choices[value].description}</span>
            </span>
          </label>
        ))}
      </div>
      {spanish ? (
        <>
          <FormField id="spanish_voice" label={LANGUAGE_TEXTS.spanishVoice}>
            <select
              id="spanish_voice"
              data-testid="spanish-voice"
              value={spanishVoice?.voice_id ?? ''}
              onChange={(event) => {
                const voice = voiceList.find((v) => v.voice_id === event.target.value);
                if (voice) setSpanishVoice({ provider: voice.provider, voice_id: voice.voice_id });
                setSample({});
                edit();
              }}
            >
              {voiceList.map((voice) => (
                <option key={voice.voice_id} value={voice.voice_id}>
                  {voice.display_name}
                </option>
              ))}
            </select>
          </FormField>
          <div className="answer-mode-actions">
            <button
              type="button"
              className="btn btn-secondary"
              data-testid="spanish-sample"
              disabled={!spanishVoice || sample.busy}
              onClick={() => void playSample()}
            >
              {LANGUAGE_TEXTS.playSpanishSample}
            </button>
            {sample.url ? (
              <audio controls autoPlay src={sample.url} data-testid="spanish-sample-audio" />
            ) : null}
            {sample.error ? (
              <span className="alert alert-error" role="alert">
                {sample.error}
              </span>
            ) : null}
          </div>
          <label className="answer-mode-option">
            <input
              type="checkbox"
              data-testid="bilingual-greeting"
              checked={offer}
              onChange={(event) => {
                setOffer(event.target.checked);
                edit();
              }}
            />
            <span>{LANGUAGE_TEXTS.bilingualGreeting}</span>
          </label>
          <FormField
            id="greeting_es"
            label={LANGUAGE_TEXTS.spanishGreeting}
            hint={LANGUAGE_TEXTS.spanishGreetingHint}
          >
            <textarea
              id="greeting_es"
              data-testid="spanish-greeting"
              maxLength={GREETING_MAX_CHARS}
              rows={2}
              placeholder={suggestedSpanishGreeting(
                business,
                config?.assistant_name?.trim() || 'su asistente',
              )}
              value={greeting}
              onChange={(event) => {
                setGreeting(event.target.value);
                edit();
              }}
            />
          </FormField>
          {offer ? (
            <p className="answer-mode-description" data-testid="bilingual-greeting-preview">
              Callers hear your greeting, then: “{SPANISH_OFFER}”
            </p>
          ) : null}
        </>
      ) : null}
      <InlineSaveActions
        state={state}
        testId="languages"
        saveLabel={LANGUAGE_TEXTS.save}
        savedText={LANGUAGE_TEXTS.saved}
        onSave={() => void save()}
      />
    </fieldset>
  );
}
