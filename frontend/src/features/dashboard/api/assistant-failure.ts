import { ApiClientError } from '../../../lib/api-client';

/**
 * What the owner reads when the test chat or test call fails: the API's own words when they say why and
 * what to do (429: the hourly limit; 503: the assistant is not configured, naming the key the operator must
 * set, or briefly busy; docs/decisions/160-fail-closed.md), else the panel's generic text.
 */
export function assistantFailureText(failure: unknown, fallback: string): string {
  if (
    failure instanceof ApiClientError &&
    failure.serverError &&
    (failure.status === 429 || failure.status === 503)
  )
    return failure.serverError;
  return fallback;
}
