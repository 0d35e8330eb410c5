import type { AppConfig } from '../../../platform/config/env';
import { missingKeys } from '../../../platform/config/provider-requirements';
import { ProviderNotConfiguredError } from '../../../platform/config/not-configured';
import { createLocalModel } from '../../../local/openai/local-model';
import type { ReceptionistModel } from './model-types';
import { createOpenAiModel } from './openai-model';

/**
 * The model that answers callers: OpenAI when its key is set; without it the local rules engine on a
 * developer's machine and in tests, but in AWS a model that refuses, so real callers and texters are never
 * answered by the rules engine (docs/decisions/160-fail-closed.md).
 */
export function chooseReceptionistModel(config: AppConfig): ReceptionistModel {
  if (config.openai.apiKey)
    return createOpenAiModel({ apiKey: config.openai.apiKey, baseUrl: config.openai.baseUrl });
  if (config.appEnv !== 'aws') return createLocalModel();
  return unavailableModel(new ProviderNotConfiguredError('assistant', missingKeys(config, 'assistant')));
}

/** A model that cannot answer: the channels ask `unavailable` first; a turn that runs anyway rejects. */
export function unavailableModel(refusal: ProviderNotConfiguredError): ReceptionistModel {
  return {
    kind: 'openai',
    unavailable: refusal,
    respond: () => ({
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(refusal) }),
    }),
  };
}
