import { z } from 'zod';
import { LANGUAGES } from '../language';
import { PREVIEW_SCENARIOS } from '../personality';
import { VOICE_TEXT_MAX_LENGTH, VOICE_MESSAGES } from '../voice-preview';
import { providerConfigSchema } from './bounded-json';

/** Voices (spec §3 "Voice", "Voice preview request", "Personality preview response"). */
export const voiceOptionSchema = z.object({
  provider: z.string(),
  voice_id: z.string(),
  display_name: z.string(),
});

export const availableVoicesResponseSchema = z.object({
  success: z.boolean(),
  voices: z.object({
    male: z.array(voiceOptionSchema),
    female: z.array(voiceOptionSchema),
    neutral: z.array(voiceOptionSchema),
  }),
  error: z.string().optional(),
});

/** A voice to speak with; extra fields the wizard keeps on its voice objects (display_name…) are ignored. */
export const voiceConfigSchema = z.looseObject({
  provider: z.string().trim().min(1).max(40).optional(),
  voice_id: z.string().trim().min(1).max(100),
  provider_config: providerConfigSchema.optional(),
  /** The language the text is in (a Spanish preview): engines that need telling are told. */
  language: z.enum(LANGUAGES).optional(),
});
export type VoiceConfig = z.infer<typeof voiceConfigSchema>;

export const voicePreviewRequestSchema = z.object({
  provider: z.string().trim().min(1, 'provider is required').max(40),
  voice_config: voiceConfigSchema,
  /** Checked after stripping < > " ' & (what is actually spoken). */
  text: z.string().trim().min(1, 'text is required').max(10_000),
});
export const voicePreviewResponseSchema = z.object({
  success: z.boolean(),
  /** A data: URL holding the whole clip (WAV locally, MP3 from OpenAI). */
  audio_url: z.string(),
});

export const personalityResponseRequestSchema = z.object({
  scenario: z.enum(PREVIEW_SCENARIOS),
  voice_config: voiceConfigSchema.optional(),
});
export const personalityResponseResponseSchema = z.object({
  response: z.string(),
  /** Present when a voice_config was sent: the response spoken in that voice, as a data: URL. */
  audio_url: z.string().optional(),
});

export { VOICE_TEXT_MAX_LENGTH, VOICE_MESSAGES };
