import { config, globalConfig } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';

/**
 * zod's English messages for schemas written with `zod/mini`. zod's classic API registers them when it
 * builds its first schema; `zod/mini` registers none, and the code a caller's first ring loads uses only
 * `zod/mini` (docs/decisions/186-cold-start.md). Each module written with it calls this before building its
 * schemas, so an error reads the same whichever API loaded first. A locale registered already is kept.
 */
export function useEnglishZodMessages(): void {
  if (!globalConfig.localeError) config(en());
}
