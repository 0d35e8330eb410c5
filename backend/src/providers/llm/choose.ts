import { createOpenAiLlm } from './openai';
import type { LlmProvider } from './port';

/** OpenAI when its key is set, else the stand-in a local entry point handed in (if any). */
export const chooseLlmProvider = (
  config: { apiKey: string | undefined; baseUrl: string | undefined },
  standIn: LlmProvider | undefined,
): LlmProvider | undefined =>
  config.apiKey ? createOpenAiLlm({ apiKey: config.apiKey, baseUrl: config.baseUrl }) : standIn;
