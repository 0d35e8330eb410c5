import type OpenAI from 'openai';

/**
 * An OpenAI client created on first use: the SDK is a tenth of the API's start-up code and most requests
 * never call it (issue 16). Every OpenAI adapter (text, speech, the receptionist's model) gets one.
 */
export function lazyOpenAiClient(options: {
  apiKey: string;
  baseUrl?: string | undefined;
  timeoutMs: number;
}) {
  let client: Promise<OpenAI> | undefined;
  return () =>
    (client ??= import('openai').then(
      ({ default: OpenAISdk }) =>
        new OpenAISdk({
          apiKey: options.apiKey,
          baseURL: options.baseUrl,
          maxRetries: 1,
          timeout: options.timeoutMs,
        }),
    ));
}

/** The HTTP status of an OpenAI API error (the SDK is loaded by then: the error came from it). */
export async function openAiErrorStatus(error: unknown): Promise<number | undefined> {
  const { APIError } = (await import('openai')).default;
  return error instanceof APIError ? error.status : undefined;
}
