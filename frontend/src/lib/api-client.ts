import type { z } from 'zod';
import { API_MESSAGES } from '@shared/auth-messages';
import { CLIENT_TIMINGS } from '@shared/client-timings';
import { loadAmplify } from './amplify';
import { takeEarlyRead } from './early-api-reads';
import { loadRuntimeConfig } from './runtime-config';
import { requestTurn } from './request-turns';
import { attachmentFilename } from './attachment-filename';
import { unexpiredStoredSession } from './stored-session';

/** A failed product call, with the text the spec gives for it (spec §8 "General"). */
export class ApiClientError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverError?: string,
    /** The API's `details`: for validation errors, one `{ path, message }` per wrong field. */
    readonly details?: unknown,
    /** The whole JSON error answer, for routes whose errors carry more (e.g. the stored record). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

type BearerToken = { token: string; fromStorage: boolean };

/**
 * The identity token, else the access token (spec §6); undefined when signed out. An unexpired stored ID
 * token is used as it is, so a signed-in screen's calls never wait for the identity SDK to download; one
 * near its expiry, or `forceRefresh`, goes through the SDK, which refreshes it.
 */
async function bearerToken(forceRefresh = false): Promise<BearerToken | undefined> {
  await loadRuntimeConfig();
  const stored = forceRefresh ? undefined : unexpiredStoredSession(CLIENT_TIMINGS.tokenRefreshMarginMs);
  if (stored) return { token: stored.idToken, fromStorage: true };
  try {
    const { fetchAuthSession } = await loadAmplify();
    const { tokens } = await fetchAuthSession({ forceRefresh });
    const token = tokens?.idToken?.toString() ?? tokens?.accessToken?.toString();
    return token ? { token, fromStorage: false } : undefined;
  } catch {
    return undefined;
  }
}

export const currentBearerToken = async () => (await bearerToken())?.token;

type RequestOptions = { method?: string; body?: unknown; action: string; auth?: boolean };

/**
 * An answer's type is the output of the shared zod schema the API answers with (`typeof <name>Schema` from
 * @shared/schemas, named as a type only, so naming it builds nothing): one source of truth for both sides,
 * never a hand-written copy (decision 165).
 */
type AnswerOptions<S extends z.ZodType> = RequestOptions & {
  /**
   * Loads that schema to check the answer with, where the screen depends on its shape (an answer that does
   * not fit fails like the call). A loader, so the schema stays out of the screen's first download and is
   * built only when the call is made (onDemand, chunk-load.ts; app/account-schema-imports.test.ts).
   */
  parse?: () => Promise<S>;
};

/**
 * Calls the product API with the bearer token and turns failures into the spec's messages:
 * 401 → 'Please sign in again to <action>', other → 'Failed to <action> (status)'.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: AnswerOptions<S>,
): Promise<z.output<S>> {
  const response = await send(path, options, 'application/json');
  const answer: unknown = await response.json().catch(() => undefined);
  if (!options.parse) return answer as z.output<S>;
  const checked = (await options.parse()).safeParse(answer);
  if (checked.success) return checked.data;
  // The API answered 2xx with something else than its contract says: a failure of the call, with the field
  // that broke it for the console.
  throw new ApiClientError(
    API_MESSAGES.failedTo(options.action, response.status),
    response.status,
    'unexpected_response',
    checked.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  );
}

/** Downloads a file the API makes (e.g. a CSV export) with the bearer token, and saves it as `filename`. */
export async function apiDownload(
  path: string,
  options: RequestOptions & { filename: string },
): Promise<void> {
  const response = await send(path, options, '*/*');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  // The API names the file (the CSV export by the business's own date); `filename` if it does not say.
  link.download = attachmentFilename(response.headers.get('Content-Disposition')) ?? options.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the blob to the browser's download by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Media the API streams with the bearer token (a call recording): a blob for an object URL, since an
 * <audio src> cannot send the token itself.
 */
export async function apiBlob(path: string, options: RequestOptions & { accept: string }): Promise<Blob> {
  return (await send(path, options, options.accept)).blob();
}

async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  // One request per task: a screen's reads asked for together (its first commit's queries) each get their
  // token, early answer and `fetch` in a task of their own instead of one long task (request-turns.ts).
  await requestTurn();
  const { action, auth = true } = options;
  const bearer = auth ? await bearerToken() : undefined;
  if (auth && !bearer) throw new ApiClientError(API_MESSAGES.authenticationRequired, 401);
  let response = await sendOnce(path, options, accept, bearer?.token);
  if (response.status === 401 && bearer?.fromStorage) {
    // The browser's clock said the stored token was still valid; the API did not. One refreshed retry (a
    // 401 comes from the token check, before the route has done anything, so nothing runs twice).
    const refreshed = await bearerToken(true);
    if (refreshed && refreshed.token !== bearer.token)
      response = await sendOnce(path, options, accept, refreshed.token);
  }
  if (response.ok) return response;
  const payload = (await response.json().catch(() => undefined)) as
    { error?: string; message?: string; details?: unknown } | undefined;
  const message =
    response.status === 401
      ? API_MESSAGES.signInAgain(action)
      : API_MESSAGES.failedTo(action, response.status);
  throw new ApiClientError(
    message,
    response.status,
    payload?.message ?? payload?.error,
    payload?.details,
    payload,
  );
}

async function sendOnce(
  path: string,
  { method = 'GET', body }: RequestOptions,
  accept: string,
  token: string | undefined,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    // The signed-in shell may already have asked this (early-api-reads.ts).
    const early = method === 'GET' && accept === 'application/json' && (await takeEarlyRead(path, token));
    if (early) return early;
  }
  const { apiUrl } = await loadRuntimeConfig();
  return fetch(`${apiUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

/**
 * The field messages of a validation error (`details: [{ path, message }]`), keyed by field path, so a form
 * can put each on its field. Empty for any other error.
 */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiClientError) || !Array.isArray(error.details)) return {};
  const fields: Record<string, string> = {};
  for (const issue of error.details as unknown[]) {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && path && typeof message === 'string' && !(path in fields)) {
      fields[path] = message;
    }
  }
  return fields;
}

/**
 * What the API said was wrong, in its words: the first of `fields` with a message, else the error's own
 * message; a failure that is not the API's gets a generic sentence. Undefined without an error.
 */
export function apiRefusalOf(error: unknown, fields: readonly string[]): string | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiClientError)) return 'Something went wrong. Please try again.';
  const messages = apiFieldErrors(error);
  return fields.map((field) => messages[field]).find(Boolean) ?? error.message;
}
