import { fetchAuthSession } from 'aws-amplify/auth';
import { API_MESSAGES } from '@shared/auth-messages';
import { runtimeConfig } from './runtime-config';

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
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, action, auth = true }: RequestOptions,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    const token = await currentBearerToken();
    if (!token) throw new ApiClientError(API_MESSAGES.authenticationRequired, 401);
    headers.Authorization = `Bearer ${token}`;
  }
  const response = await fetch(`${runtimeConfig().apiUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const payload = (await response.json().catch(() => undefined)) as
    { error?: string; message?: string; details?: unknown } | undefined;
  if (!response.ok) {
    const message =
      response.status === 401
        ? API_MESSAGES.signInAgain(action)
        : API_MESSAGES.failedTo(action, response.status);
    throw new ApiClientError(message, response.status, payload?.message ?? payload?.error, payload?.details);
  }
  return payload as T;
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
