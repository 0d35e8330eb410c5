import { SETUP_STEP_INTROS } from '@shared/setup-screen-texts';
import type { BusinessConfig } from '@shared/schemas/business-config';
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CLIENT_TIMINGS } from '@shared/client-timings';
import { withDefaultTraits, type TraitValues } from '@shared/personality';
import { debounce } from '../../../../lib/timing';
import {
  loadVoices,
  savePersonality,
  saveVoiceSettings,
  type SelectedVoice,
  type Voice,
  type VoiceGender,
} from '../../api/setup-api';
import { useStepSave, type StepProps } from '../../hooks/wizard-context';
import { initialVoiceChoice, VOICE_STORAGE_KEYS } from '../../voice-selection';
import { PersonalityPanel } from './personality-panel';
import { PreviewPanel } from './preview-panel';
import { VoicePanel } from './voice-panel';
import { LanguageSettings } from '../language-settings';

const toSelected = (voice: Voice): SelectedVoice => ({ provider: voice.provider, voice_id: voice.voice_id });

// Spec §8 "Silent failures": auto-saves of personality and voice only log.
const logFailure = (what: string) => (error: unknown) => console.error(`Auto-saving ${what} failed`, error);

/** Step 3: personality and voice, both saved as they change; a preview plays the result. */
export function PersonalityVoiceStep({ userId, config, storeConfig }: StepProps) {
  // Each auto-save answers with the whole config; only the answer of the latest one started is kept, so a
  // slower earlier answer never overwrites a newer one.
  const latestSave = useRef(0);
  const keepAnswer = (save: Promise<BusinessConfig>) => {
    const started = ++latestSave.current;
    return save.then((saved) => {
      if (started === latestSave.current) storeConfig(saved);
    });
  };
  const [traits, setTraits] = useState<TraitValues>(() => withDefaultTraits(config ?? {}));
  const voicesQuery = useQuery({
    queryKey: ['voices'],
    queryFn: loadVoices,
    staleTime: 5 * 60_000,
    retry: 0,
  });
  const [gender, setGender] = useState<VoiceGender>();
  const [voice, setVoice] = useState<Voice>();
  const savedVoiceId = useRef(config?.selected_voice?.voice_id ?? config?.voice_settings?.voice_id);
  const savedTraits = useRef(Boolean(config?.formality && config.verbosity && config.empathy));

  const chooseVoice = (nextGender: VoiceGender, next: Voice) => {
    setGender(nextGender);
    setVoice(next);
    localStorage.setItem(VOICE_STORAGE_KEYS.gender, nextGender);
    localStorage.setItem(VOICE_STORAGE_KEYS.voice, next.voice_id);
    if (savedVoiceId.current === next.voice_id) return;
    savedVoiceId.current = next.voice_id;
    void keepAnswer(saveVoiceSettings(userId, toSelected(next))).catch(logFailure('voice'));
  };

  // Restore the stored (or cached) voice; with none yet, the default is chosen and saved.
  useEffect(() => {
    if (!voicesQuery.data || voice) return;
    const choice = initialVoiceChoice(voicesQuery.data, savedVoiceId.current, {
      gender: localStorage.getItem(VOICE_STORAGE_KEYS.gender),
      voice: localStorage.getItem(VOICE_STORAGE_KEYS.voice),
    });
    if (choice) chooseVoice(choice.gender, choice.voice);
    // chooseVoice is stable in effect: it only reads refs and setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [voicesQuery.data, voice]);

  // Dragging a slider across three positions makes one save, 300 ms after it stops (spec §9 debounce).
  const [saveTraits] = useState(() =>
    debounce(
      (next: TraitValues) => keepAnswer(savePersonality(userId, next)).catch(logFailure('personality')),
      CLIENT_TIMINGS.debounceMs,
    ),
  );
  useEffect(() => () => void saveTraits.flush(), [saveTraits]);

  const changeTraits = (next: TraitValues) => {
    setTraits(next);
    savedTraits.current = true;
    saveTraits(next);
  };

  // The step always succeeds; a first visit that changed nothing still stores the defaults shown.
  useStepSave(3, async () => {
    await saveTraits.flush();
    if (!savedTraits.current) {
      await keepAnswer(savePersonality(userId, traits));
      savedTraits.current = true;
    }
    return true;
  });

  return (
    <div className="step-body">
      <p className="step-intro">{SETUP_STEP_INTROS[3]}</p>
      <div className="customize-grid">
        <PersonalityPanel traits={traits} onChange={changeTraits} />
        <div className="customize-side">
          <VoicePanel
            voices={voicesQuery.data}
            loading={voicesQuery.isPending}
            failed={voicesQuery.isError}
            onRetry={() => void voicesQuery.refetch()}
            gender={gender}
            voiceId={voice?.voice_id}
            onGender={(next) => {
              const first = voicesQuery.data?.[next]?.[0];
              if (first) chooseVoice(next, first);
            }}
            onVoice={(next) => gender && chooseVoice(gender, next)}
          />
          <PreviewPanel userId={userId} voice={voice ? toSelected(voice) : undefined} />
        </div>
      </div>
      <LanguageSettings userId={userId} config={config} onSaved={storeConfig} />
    </div>
  );
}
