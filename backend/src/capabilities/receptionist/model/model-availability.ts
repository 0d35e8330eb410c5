import type { AppConfig } from '../../../platform/config/env';
import { missingKeys } from '../../../platform/config/provider-requirements';
import { ProviderNotConfiguredError } from '../../../platform/config/not-configured';

/**
 * Why no model can answer callers, else undefined: OpenAI's key is set, or outside AWS a local entry point
 * handed in its stand-in. In AWS without the key the assistant refuses (docs/decisions/160-fail-closed.md).
 * Apart from the model's choice so a call's start can ask without loading the model adapter (decision 186).
 */
export function modelRefusal(
  config: AppConfig,
  standIn: (() => unknown) | undefined,
): ProviderNotConfiguredError | undefined {
  if (config.openai.apiKey) return undefined;
  if (config.appEnv !== 'aws' && standIn) return undefined;
  return new ProviderNotConfiguredError('assistant', missingKeys(config, 'assistant'));
}
