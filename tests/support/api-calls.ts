import type { createTestApp } from './test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

/** A JSON call to the app with a bearer token; returns the status and the parsed body. */
export async function callApi(
  app: TestApp,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> & { message?: string; error?: string } }> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await app.request(path, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as never) : ({} as never) };
}

/** Step 1 data a new owner enters by hand. */
export const SAMPLE_BUSINESS_INFO = {
  business_name: 'Bella Hair Studio',
  phone_number: '(415) 555-0142',
  website: 'https://bellahair.example.com',
  address: '12 Market St, San Francisco, CA',
} as const;
