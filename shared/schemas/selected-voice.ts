import { z } from 'zod';
import { providerConfigSchema } from './bounded-json';

/** The voice the assistant speaks in, as stored on the config (per language, docs/decisions/174-spanish.md). */
export const selectedVoiceSchema = z.object({
  provider: z.string().min(1).max(40),
  voice_id: z.string().min(1).max(100),
  provider_config: providerConfigSchema.optional(),
});
