import { expect } from 'vitest';
import type { CalendarService } from '../../shared/calendar';
import { createCalendarOAuthFlow } from '../../backend/src/capabilities/calendars/calendar-oauth-flow';
import type { LocalDateTime } from '../../shared/receptionist/business-time';
import { localCalendarPagePath } from '../../backend/src/local/calendars/local-calendar-page';
import type { ToolContext, ToolServices } from '../../backend/src/capabilities/receptionist/tools/tool-types';
import type { ConversationState } from '../../backend/src/capabilities/receptionist/records/conversation-types';
import type { CalendarModel, StaffMember } from '../../shared/schemas/calendar-model';
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

/** A person adding an event on a local vendor's calendar page (its form), at `start` in `timeZone`. */
export async function addLocalCalendarEvent(
  app: TestApp['app'],
  calendar: { service: CalendarService; account: string },
  event: { start: LocalDateTime; minutes: number; title: string; timeZone: string },
) {
  const pad = (n: number) => String(n).padStart(2, '0');
  const { start } = event;
  const response = await app.request(`${localCalendarPagePath(calendar.service, calendar.account)}/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      title: event.title,
      start: `${start.year}-${pad(start.month)}-${pad(start.day)}T${pad(start.hour)}:${pad(start.minute)}`,
      minutes: String(event.minutes),
      tz: event.timeZone,
    }).toString(),
  });
  expect(response.status).toBe(303);
}

/** The assistant's tools' context for one caller's conversation, against the test app's data and `calendar`. */
export function calendarToolContext(
  deps: TestApp['deps'],
  business: ToolContext['business'],
  calendar: ToolServices['calendar'],
  now: () => Date,
): () => ToolContext {
  const state = {
    id: `conv-${business.ownerId}`,
    channel: 'test',
    caller: '+14155550123',
    memory: {},
    achieved: {},
  } as unknown as ConversationState;
  return () => ({
    business,
    state,
    now: now(),
    services: {
      appointments: deps.data.appointments,
      calendar,
      sendSms: async () => false,
      createDepositLink: async () => ({ url: 'http://pay.example/cs', sessionId: 'cs', accountId: 'acct' }),
      refundDeposit: async () => 'none' as const,
      recordSchedulingLink: async () => undefined,
      saveMessage: async () => undefined,
      allow: async () => true,
    },
  });
}

/**
 * A salon with two stylists, Jordan and Sam, who both cut hair (issue 34); Jordan may have a calendar of their
 * own (§2).
 */
export const twoStylistSalon = (jordansCalendar: StaffMember['calendar'] = null): CalendarModel => ({
  services: [
    {
      id: 'sv_haircut0001',
      name: 'Haircut',
      description: '',
      duration_minutes: 30,
      price_kind: 'fixed',
      price_cents: 4500,
      deposit_cents: null,
      buffer_minutes: 0,
      staff_ids: [],
      resource_id: null,
    },
  ],
  staff: [
    { id: 'st_jordan001', name: 'Jordan', hours: null, calendar: jordansCalendar },
    { id: 'st_sam000001', name: 'Sam', hours: null, calendar: null },
  ],
  resources: [],
  version: 0,
  updated_at: null,
});
