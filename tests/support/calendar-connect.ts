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
  const consent = await (await app.request(authUrl.pathname + authUrl.search)).text();
  const fields = Object.fromEntries(
    [...consent.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  const allowed = await app.request(authUrl.pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision: 'allow' }).toString(),
  });
  const callback = new URL(allowed.headers.get('Location')!);
  expect((await app.request(callback.pathname + callback.search)).status).toBe(200);
}
