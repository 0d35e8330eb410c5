import { expect } from 'vitest';
import type { CalendarService } from '../../shared/calendar';
import { createCalendarOAuthFlow } from '../../backend/src/capabilities/calendars/calendar-oauth-flow';
import type { createTestApp } from './test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The owner connects a local calendar vendor the way the popup does: the flow's authorization URL, the
 * vendor's consent page (Allow), then our callback route with the code and state.
 */
export async function connectThroughCallback(
  { app, deps }: Pick<TestApp, 'app' | 'deps'>,
  ownerId: string,
  service: CalendarService,
  account: string,
) {
  const flow = createCalendarOAuthFlow(deps);
  const authUrl = new URL(
    (await flow.start(ownerId, service, {
      apiOrigin: 'http://localhost',
      requestOrigin: undefined,
      loginHint: account,
    }))!,
  );
  const callback = await answerConsent(app, authUrl, 'allow');
  expect((await app.request(callback.pathname + callback.search)).status).toBe(200);
}

/**
 * What the person does on a local vendor's consent page: opens it at `authUrl` and presses Allow or Deny.
 * Answers where the vendor redirects (our callback, with a code or an error, and the state).
 */
export async function answerConsent(app: TestApp['app'], authUrl: URL, decision: 'allow' | 'deny') {
  const consent = await (await app.request(authUrl.pathname + authUrl.search)).text();
  const fields = Object.fromEntries(
    [...consent.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  const answered = await app.request(authUrl.pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision }).toString(),
  });
  expect(answered.status).toBe(302);
  return new URL(answered.headers.get('Location')!);
}
