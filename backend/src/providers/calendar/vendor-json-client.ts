import type { z } from 'zod';
import { CalendarAuthError, CalendarUnavailableError } from './calendar-api-types';

// A caller is waiting on the line: a slow vendor falls back to the internal calendar rather than stall.
const REQUEST_TIMEOUT_MS = 5_000;

export type VendorClientOptions = {
  /** The vendor's name in errors and logs. */
  vendor: string;
  /** The API root, e.g. https://www.googleapis.com/calendar/v3 (a fake's or the local vendor's in tests). */
  root: string;
  fetch?: ((input: string, init: RequestInit) => Promise<Response>) | undefined;
  /** Whether a 403 means the consent is gone (else the vendor is unavailable); the body's text is given. */
  forbiddenIsAuth: (text: string) => boolean;
  /** Headers the vendor wants on every request (Graph: Prefer outlook.timezone). */
  headers?: Record<string, string>;
  /**
   * A throttled answer (429, or 503) whose Retry-After is at most this long is retried once after it; a
   * longer wait is unavailability (a caller is on the line). Unset: never retried.
   */
  retryAfterMaxMs?: number;
};

/** Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined if absent. */
const retryAfterMs = (response: Response) => {
  const value = response.headers.get('Retry-After');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
};

/**
 * A calendar vendor's JSON API with a bearer token, as the adapters share it: a refused token is a
 * CalendarAuthError (refresh, then the connection expires), anything else that fails is a
 * CalendarUnavailableError (the assistant carries on with the internal calendar), and answers are parsed
 * with zod.
 */
export function createVendorJsonClient(options: VendorClientOptions) {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const root = options.root.replace(/\/+$/, '');

  return {
    /**
     * `goneIsDone`: a 404/410 is success (deleting what is already gone has the same outcome);
     * `conflictIsDone`: a 409 is success (creating what already exists, e.g. a webhook subscription).
     */
    async call(
      accessToken: string,
      method: string,
      path: string,
      body?: unknown,
      { goneIsDone = false, conflictIsDone = false } = {},
    ): Promise<unknown> {
      const send = async () => {
        try {
          return await fetchFn(`${root}${path}`, {
            method,
            headers: {
              ...options.headers,
              Authorization: `Bearer ${accessToken}`,
              Accept: 'application/json',
              ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
        } catch (error) {
          throw new CalendarUnavailableError(`${options.vendor} unreachable: ${(error as Error).message}`);
        }
      };
      let response = await send();
      if ((response.status === 429 || response.status === 503) && options.retryAfterMaxMs !== undefined) {
        const wait = retryAfterMs(response);
        if (wait === undefined || wait > options.retryAfterMaxMs)
          throw new CalendarUnavailableError(
            `${options.vendor} answered ${response.status}${wait === undefined ? '' : `; retry after ${Math.ceil(wait / 1000)} s`}`,
          );
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, wait));
        response = await send();
      }
      if (response.status === 401) throw new CalendarAuthError(`${options.vendor} refused the access token`);
      if (response.status === 403) {
        const text = await response.text();
        if (options.forbiddenIsAuth(text))
          throw new CalendarAuthError(`${options.vendor} access is no longer granted`);
        throw new CalendarUnavailableError(`${options.vendor} answered 403: ${text.slice(0, 200)}`);
      }
      if (goneIsDone && (response.status === 404 || response.status === 410)) return undefined;
      if (conflictIsDone && response.status === 409) return undefined;
      if (!response.ok) throw new CalendarUnavailableError(`${options.vendor} answered ${response.status}`);
      if (response.status === 204) return undefined;
      return response.json().catch(() => {
        throw new CalendarUnavailableError(`${options.vendor} answered without JSON`);
      });
    },

    parse<T>(schema: z.ZodType<T>, value: unknown): T {
      const parsed = schema.safeParse(value);
      if (!parsed.success)
        throw new CalendarUnavailableError(`${options.vendor} answered an unexpected shape`);
      return parsed.data;
    },
  };
}
