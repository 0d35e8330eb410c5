import { config as configureZod } from 'zod/mini';
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/runtime-config';
import { RUNTIME_CONFIG_PATH } from '@shared/site-files';
import { takeEarlyRuntimeConfig } from './runtime-config-early';
import { RuntimeConfigError } from './runtime-config-error';

// The site's CSP forbids eval (script-src 'self'). zod probes `new Function` before its first parse to
// compile faster parsers, and the browser reports that probe as a CSP violation (Lighthouse's best practices
// count it). Every request goes through this module, so it is set here before anything is parsed.
configureZod({ jitless: true });

let loading: Promise<RuntimeConfig> | undefined;
let current: RuntimeConfig | undefined;

/**
 * Loads `/config.json` once; every later call returns the same promise and `runtimeConfig()` reads it
 * synchronously. Only the screens that talk to the API or the user pool call it (the signed-in shell
 * awaits it before rendering, API calls await it), so the landing and legal pages render without waiting
 * for it and without the schema library in their JavaScript. A failed load is forgotten, so a retry
 * fetches again.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetchRuntimeConfig().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await (
    takeEarlyRuntimeConfig() ?? fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' })
  ).catch((error: unknown) => {
    throw new RuntimeConfigError(`Could not load ${RUNTIME_CONFIG_PATH}`, { cause: error });
  });
  if (!response.ok)
    throw new RuntimeConfigError(`Could not load ${RUNTIME_CONFIG_PATH} (${response.status})`);
  const parsed = runtimeConfigSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success)
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} is not valid`, { cause: parsed.error });
  current = parsed.data;
  return current;
}

/** The loaded config; only for code that runs after `loadRuntimeConfig()` resolved (the signed-in shell). */
export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config read before it was loaded');
  return current;
}
