import type { AppConfig } from '../../../platform/config/env';
import type { ProviderNotConfiguredError } from '../../../platform/config/not-configured';
import { modelRefusal } from './model-availability';
import type { ReceptionistModel } from './model-types';
import { createOpenAiModel } from './openai-model';

/**
 * The model that answers callers: OpenAI when its key is set; without it the local rules engine a local
 * entry point handed in (a developer's machine, the tests), but in AWS a model that refuses, so real callers and texters are never
 * answered by the rules engine (docs/decisions/160-fail-closed.md).
 */
export function chooseReceptionistModel(
  config: AppConfig,
  standIn: (() => ReceptionistModel) | undefined,
): ReceptionistModel {
  const refusal = modelRefusal(config, standIn);
  if (refusal) return unavailableModel(refusal);
  if (config.openai.apiKey)
    return createOpenAiModel({ apiKey: config.openai.apiKey, baseUrl: config.openai.baseUrl });
  return standIn!();
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
