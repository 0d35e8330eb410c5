import { RUNTIME_CONFIG_PATH, runtimeConfigSchema, type RuntimeConfig } from '@shared/runtime-config';

let current: RuntimeConfig | undefined;

/** Loads `/config.json` once at start-up; every later read is synchronous. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Could not load ${RUNTIME_CONFIG_PATH} (${response.status})`);
  current = runtimeConfigSchema.parse(await response.json());
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config read before it was loaded');
  return current;
}
