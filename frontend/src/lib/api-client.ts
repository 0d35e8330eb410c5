import { fetchAuthSession } from 'aws-amplify/auth';
import { API_MESSAGES } from '@shared/auth-messages';
import { takeEarlyRead } from './early-api-reads';
import { loadRuntimeConfig } from './runtime-config';
import { attachmentFilename } from './attachment-filename';

/** A failed product call, with the text the spec gives for it (spec §8 "General"). */
export class ApiClientError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverError?: string,
    /** The API's `details`: for validation errors, one `{ path, message }` per wrong field. */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** The identity token, else the access token (spec §6); undefined when signed out. */
export async function currentBearerToken(): Promise<string | undefined> {
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.idToken?.toString() ?? tokens?.accessToken?.toString();
  } catch {
    return undefined;
  }
}

type RequestOptions = { method?: string; body?: unknown; action: string; auth?: boolean };

/**
 * Calls the product API with the bearer token and turns failures into the spec's messages:
 * 401 → 'Please sign in again to <action>', other → 'Failed to <action> (status)'.
 */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const response = await send(path, options, 'application/json');
  return (await response.json().catch(() => undefined)) as T;
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

async function send(
  path: string,
  { method = 'GET', body, action, auth = true }: RequestOptions,
  accept: string,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    const token = await currentBearerToken();
    if (!token) throw new ApiClientError(API_MESSAGES.authenticationRequired, 401);
    headers.Authorization = `Bearer ${token}`;
    // The signed-in shell may already have asked this (early-api-reads.ts).
    const early = method === 'GET' && accept === 'application/json' && (await takeEarlyRead(path, token));
    if (early) return early;
  }
  const { apiUrl } = await loadRuntimeConfig();
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (response.ok) return response;
  const payload = (await response.json().catch(() => undefined)) as
    { error?: string; message?: string; details?: unknown } | undefined;
  const message =
    response.status === 401
      ? API_MESSAGES.signInAgain(action)
      : API_MESSAGES.failedTo(action, response.status);
  throw new ApiClientError(message, response.status, payload?.message ?? payload?.error, payload?.details);
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
