import { stripVoiceText, VOICE_TEXT_MAX_LENGTH } from '@shared/voice-preview';
import type { Voice, VoiceGender, VoicesByGender } from './api/setup-api';

/**
 * Step 3's voice choice (spec §3 "Voice", §4 "Voice", §5): the cached selection, the default, and the
 * preview-text rule.
 */
export const VOICE_STORAGE_KEYS = { gender: 'selectedGender', voice: 'selectedVoice' } as const;
export const GENDER_ORDER: VoiceGender[] = ['female', 'male', 'neutral'];
export const GENDER_LABELS: Record<VoiceGender, string> = {
  female: 'Female',
  male: 'Male',
  neutral: 'Neutral',
};

export type VoiceChoice = { gender: VoiceGender; voice: Voice };

const find = (voices: VoicesByGender, voiceId: string | undefined | null): VoiceChoice | undefined => {
  if (!voiceId) return undefined;
  for (const gender of GENDER_ORDER) {
    const voice = voices[gender]?.find((v) => v.voice_id === voiceId);
    if (voice) return { gender, voice };
  }
  return undefined;
};

/**
 * The voice to show selected: the one stored in the config, else the locally cached one, else the first
 * voice of the cached gender, else the first female voice (or the first voice at all).
 */
export function initialVoiceChoice(
  voices: VoicesByGender,
  storedVoiceId: string | undefined,
  cached: { gender: string | null; voice: string | null },
): VoiceChoice | undefined {
  const stored = find(voices, storedVoiceId) ?? find(voices, cached.voice);
  if (stored) return stored;
  const cachedGender = GENDER_ORDER.find((g) => g === cached.gender && voices[g]?.length);
  for (const gender of [...(cachedGender ? [cachedGender] : []), ...GENDER_ORDER]) {
    const first = voices[gender]?.[0];
    if (first) return { gender, voice: first };
  }
  return undefined;
}

/** Spec §5, with the server's own rule: < > " ' & stripped, then cut to the 500 characters it accepts. */
export const sanitizeVoiceText = (text: string) => stripVoiceText(text).slice(0, VOICE_TEXT_MAX_LENGTH);
