import { describe, expect, it } from 'vitest';
import { zonedInstant, type LocalDateTime } from '../../shared/receptionist/business-time';
import { createOwnerCalendar } from '../../backend/src/capabilities/calendars/sync/owner-calendar';
import { createLocalCalendarEventStore } from '../../backend/src/local/calendars/local-calendar-events';
import type { CalendarApi } from '../../backend/src/providers/calendar/calendar-api-types';
import { createConnectionTokens } from '../../backend/src/capabilities/calendars/connection-tokens';
import { localCalendarPagePath } from '../../backend/src/local/calendars/local-calendar-page';
import {
  codeChallengeS256,
  createCodeVerifier,
  createOAuthState,
} from '../../backend/src/providers/calendar/pkce';
import { bookTool } from '../../backend/src/capabilities/receptionist/tools/book';
import { findSlotsTool } from '../../backend/src/capabilities/receptionist/tools/find-slots';
import {
  cancelTool,
  rescheduleTool,
} from '../../backend/src/capabilities/receptionist/tools/reschedule-cancel';
import type { ToolServices } from '../../backend/src/capabilities/receptionist/tools/tool-types';
import { createAssistantLine } from '../support/assistant-line';
import {
  addLocalCalendarEvent,
  calendarToolContext,
  connectThroughCallback,
  twoStylistSalon,
} from '../support/calendar-connect';
import { createTestApp } from '../support/test-app';

const NY = 'America/New_York';
/** Monday 2026-11-23, 08:00 in New York; the salon opens at 9. */
let clock = zonedInstant({ year: 2026, month: 11, day: 23, hour: 8, minute: 0 }, NY);
const tuesday = (hour: number, minute = 0): LocalDateTime => ({
  year: 2026,
  month: 11,
  day: 24,
  hour,
  minute,
});
const HOURS = ['Monday: 9:00 AM – 5:00 PM', 'Tuesday: 9:00 AM – 5:00 PM', 'Wednesday: 9:00 AM – 5:00 PM'];

/**
 * Issue 12 §1: the connected calendar is the truth. Runs the assistant's tools against DynamoDB Local and
 * the local vendors (their OAuth server and their APIs, in Google's, Microsoft Graph's and Acuity's wire formats), connected
 * through the real authorization-code flow.
 */
const calendarSummary = (name: string, service?: string) => (service ? `${service}: ${name}` : name);
const VENDORS = [
  { service: 'google_calendar', summaryOf: calendarSummary, rotatesRefreshTokens: false },
  // Microsoft Graph, in Graph's wire format; Microsoft answers every refresh with a new refresh token.
  { service: 'outlook_calendar', summaryOf: calendarSummary, rotatesRefreshTokens: true },
  // Acuity keeps the client's name as fields of its own; the service is the appointment type.
  { service: 'acuity', summaryOf: (name: string) => name, rotatesRefreshTokens: false },
] as const;

describe.each(VENDORS)(
  'a connected $service calendar feeds availability and mirrors bookings',
  async ({ service, summaryOf, rotatesRefreshTokens }) => {
    const { app, deps, doc, tableName } = await createTestApp({}, { now: () => clock });
    const events = createLocalCalendarEventStore(doc, tableName, () => clock);
    const tokens = createConnectionTokens({
      connections: deps.data.calendarConnections,
      calendar: deps.providers.calendar,
      logger: deps.logger,
      now: () => clock,
    });

    /** The owner's consent on the local vendor, then the code exchange, as the OAuth callback does it. */
    async function connect(ownerId: string, account: string) {
      const provider = deps.providers.calendar.forService(service)!;
      const verifier = createCodeVerifier();
      const redirectUri = `http://localhost/oauth/${service}/callback`;
      const authorize = new URL(
        provider.authorizationUrl({
          state: createOAuthState(),
          codeChallenge: codeChallengeS256(verifier),
          redirectUri,
          loginHint: account,
        }),
      );
      const consent = await (await app.request(authorize.pathname + authorize.search)).text();
      const fields = Object.fromEntries(
        [...consent.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
          m[1]!,
          m[2]!,
        ]),
      );
      const allowed = await app.request(authorize.pathname, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, decision: 'allow' }).toString(),
      });
      const code = new URL(allowed.headers.get('Location')!).searchParams.get('code')!;
      const issued = await provider.exchangeCode({ code, codeVerifier: verifier, redirectUri });
      await deps.data.calendarConnections.saveConnected(ownerId, service, {
        ...tokens.seal(ownerId, service, issued),
        account,
      });
    }

    /** A person adding an event in their calendar: the local calendar page's form. */
    const addInCalendar = (account: string, start: LocalDateTime, minutes: number, title = 'Dentist') =>
      addLocalCalendarEvent(app, { service, account }, { start, minutes, title, timeZone: NY });

    async function salon(options: { calendar?: ToolServices['calendar']; twoStylists?: boolean } = {}) {
      const { ownerId } = await createAssistantLine(deps, { businessName: 'Bella Hair Studio' });
      await deps.data.businessConfigs.updateConfigFields(ownerId, {
        time_zone: NY,
        business_hours: { weekday_text: HOURS },
      });
      if (options.twoStylists) await deps.data.calendarModel.save(ownerId, twoStylistSalon(), 0);
      const profile = await deps.receptionist.profileOf(ownerId);
      const account = `owner-${ownerId.slice(0, 8)}@example.com`;
      await connect(ownerId, account);
      const context = calendarToolContext(deps, profile, options.calendar ?? deps.ownerCalendar, () => clock);
      return { ownerId, account, context };
    }

    it('offers only times the calendar has free, and books into it', async () => {
      const { account, context } = await salon();
      await addInCalendar(account, tuesday(11), 60);

      const asked = await findSlotsTool.run(context(), { when: 'tomorrow at 11am' });
      expect(asked.data).toMatchObject({ requested_time_free: false });
      const offered = (asked.data!.slots as Array<{ start: string }>).map((s) => s.start);
      expect(offered.length).toBeGreaterThan(0);
      const busyFrom = zonedInstant(tuesday(11), NY).getTime();
      expect(
        offered.every(
          (s) => new Date(s).getTime() < busyFrom - 1 || new Date(s).getTime() >= busyFrom + 3_600_000,
        ),
      ).toBe(true);
      // The busy hour can't be booked by naming it either.
      const refused = await bookTool.run(context(), { start: new Date(busyFrom).toISOString(), name: 'Sam' });
      expect(refused).toMatchObject({ ok: false, data: { reason: 'not_open' } });

      const start = zonedInstant(tuesday(14), NY).toISOString();
      const booked = await bookTool.run(context(), { start, name: 'Sam Rivera', service: 'Haircut' });
      expect(booked.ok).toBe(true);
      const appointment = await deps.data.appointments.get(
        context().business.ownerId,
        booked.data!.appointment_id as string,
      );
      expect(appointment?.calendar_event_id).toBeTruthy();
      const inCalendar = await events.list(service, account);
      expect(inCalendar.map((e) => [e.summary, e.start])).toContainEqual([
        summaryOf('Sam Rivera', 'Haircut'),
        start,
      ]);
      const page = await (await app.request(`${localCalendarPagePath(service, account)}?tz=${NY}`)).text();
      expect(page).toContain(summaryOf('Sam Rivera', 'Haircut'));
      expect(page).toContain('2026-11-24 14:00');
    });

    it('moves the event when the booking moves, and deletes it when it is cancelled', async () => {
      const { account, context } = await salon();
      const booked = await bookTool.run(context(), {
        start: zonedInstant(tuesday(10), NY).toISOString(),
        name: 'Lee',
      });
      expect(booked.ok).toBe(true);
      const newStart = zonedInstant(tuesday(15), NY).toISOString();
      const moved = await rescheduleTool.run(context(), {
        appointment_id: booked.data!.appointment_id as string,
        new_start: newStart,
      });
      expect(moved.ok).toBe(true);
      expect((await events.list(service, account)).map((e) => e.start)).toEqual([newStart]);

      const cancelled = await cancelTool.run(context(), {});
      expect(cancelled.ok).toBe(true);
      expect(await events.list(service, account)).toEqual([]);
    });

    it('the same slot booked by the assistant and directly in the calendar at the same moment: one survives, the caller is told', async () => {
      let account = '';
      let direct: Promise<void> | undefined;
      // The owner's calendar gets its own booking of 13:00 while the assistant's event is on its way.
      const racing: ToolServices['calendar'] = createOwnerCalendar({
        connections: deps.data.calendarConnections,
        calendar: {
          apiFor: (service) => {
            const api = deps.providers.calendar.apiFor(service)!;
            return {
              ...api,
              createEvent: async (token, event) => {
                direct = addInCalendar(account, tuesday(13), 60, 'Walk-in (booked by the owner)');
                const [created] = await Promise.all([api.createEvent(token, event), direct]);
                return created;
              },
            } satisfies CalendarApi;
          },
        },
        tokens,
        logger: deps.logger,
      });
      const line = await salon({ calendar: racing });
      account = line.account;
      const start = zonedInstant(tuesday(13), NY).toISOString();

      const result = await bookTool.run(line.context(), { start, name: 'Kim' });
      await direct;
      expect(result).toMatchObject({ ok: false, data: { reason: 'taken' } });
      expect(result.summary).toBe('Slot was just taken in the business calendar');
      // One booking stands: the owner's. Ours is gone from both calendars, and the slot is not offered.
      const inCalendar = await events.list(service, account);
      expect(inCalendar.map((e) => e.summary)).toEqual(['Walk-in (booked by the owner)']);
      expect((await deps.data.appointments.upcoming(line.ownerId)).length).toBe(0);
      const again = await findSlotsTool.run(line.context(), { when: 'tomorrow at 1pm' });
      expect(again.data).toMatchObject({ requested_time_free: false });
    });

    it('two stylists booked at the same time both stay booked: the calendar mirrors them side by side', async () => {
      const { ownerId, account, context } = await salon({ twoStylists: true });
      const start = zonedInstant(tuesday(10), NY).toISOString();
      for (const [name, staff] of [
        ['Ana', 'Jordan'],
        ['Bo', 'Sam'],
      ] as const) {
        const booked = await bookTool.run(context(), { start, name, service: 'Haircut', staff });
        expect(booked.ok, `${name} with ${staff}`).toBe(true);
      }
      const upcoming = await deps.data.appointments.upcoming(ownerId);
      expect(upcoming.map((a) => [a.staff_name, Boolean(a.calendar_event_id)]).sort()).toEqual([
        ['Jordan', true],
        ['Sam', true],
      ]);
      expect((await events.list(service, account)).filter((e) => e.start === start)).toHaveLength(2);
    });

    it('revoked consent flips the connection to expired, and the assistant books into the internal calendar', async () => {
      const { ownerId, account, context } = await salon();
      const revoke = await app.request(`${localCalendarPagePath(service, account)}/revoke`, {
        method: 'POST',
      });
      expect(revoke.status).toBe(303);
      await addInCalendar(account, tuesday(9), 60); // unseen now: the calendar can't be read any more

      const asked = await findSlotsTool.run(context(), { when: 'tomorrow at 9am' });
      expect(asked.data).toMatchObject({ requested_time_free: true });
      expect((await deps.data.calendarConnections.list(ownerId))[0]?.status).toBe('expired');
      const booked = await bookTool.run(context(), {
        start: zonedInstant(tuesday(9), NY).toISOString(),
        name: 'Ana',
      });
      expect(booked.ok).toBe(true);
      const appointment = await deps.data.appointments.get(ownerId, booked.data!.appointment_id as string);
      expect(appointment?.calendar_event_id ?? null).toBeNull();
      const later = await bookTool.run(context(), {
        start: zonedInstant(tuesday(10), NY).toISOString(),
        name: 'Bo',
      });
      expect(later.ok).toBe(true);

      // The owner reconnects: the booking made meanwhile reaches their calendar; the one whose time the
      // calendar holds now (the 9:00 event added while we could not read it) is left for the owner.
      await connectThroughCallback({ app, deps }, ownerId, service, account);
      const synced = await deps.data.appointments.get(ownerId, later.data!.appointment_id as string);
      expect(synced?.calendar_event_id).toEqual(expect.any(String));
      const conflicted = await deps.data.appointments.get(ownerId, appointment!.id);
      expect(conflicted?.calendar_event_id ?? null).toBeNull();
      const inCalendar = await events.overlapping(
        service,
        account,
        zonedInstant(tuesday(9), NY),
        zonedInstant(tuesday(11), NY),
      );
      expect(inCalendar.map((e) => e.summary)).toEqual(['Dentist', expect.stringMatching(/^Bo/)]);
    });

    it('a vendor that fails (5xx) leaves the connection connected, says the last sync failed, until one works', async () => {
      let down = true;
      const flaky = createOwnerCalendar({
        connections: deps.data.calendarConnections,
        calendar: {
          apiFor: (name) => {
            const api = deps.providers.calendar.apiFor(name)!;
            const failing = (): never => {
              throw new Error('503 Service Unavailable');
            };
            return down ? ({ ...api, busy: failing, createEvent: failing } as CalendarApi) : api;
          },
        },
        tokens,
        logger: deps.logger,
      });
      const { ownerId, context } = await salon({ calendar: flaky });
      const asked = await findSlotsTool.run(context(), { when: 'tomorrow at 9am' });
      expect(asked.ok).toBe(true);
      const [failed] = await deps.data.calendarConnections.list(ownerId);
      expect(failed).toMatchObject({ status: 'connected', last_sync_failed_at: clock.toISOString() });

      down = false;
      await findSlotsTool.run(context(), { when: 'tomorrow at 10am' });
      const [working] = await deps.data.calendarConnections.list(ownerId);
      expect(working!.status).toBe('connected');
      expect(working!.last_sync_failed_at).toBeUndefined();
    });

    it('refreshes an access token that ran out, and keeps the rotated token', async () => {
      const { ownerId, account, context } = await salon();
      const before = (await deps.data.calendarConnections.list(ownerId))[0]!;
      clock = new Date(clock.getTime() + 2 * 3_600_000); // 10:00: the one-hour token is stale
      await addInCalendar(account, tuesday(16), 60);
      const asked = await findSlotsTool.run(context(), { when: 'tomorrow at 4pm' });
      expect(asked.data).toMatchObject({ requested_time_free: false });
      const after = (await deps.data.calendarConnections.list(ownerId))[0]!;
      expect(after.status).toBe('connected');
      expect(after.access_token_enc).not.toBe(before.access_token_enc);
      expect(after.token_expires_at).toBeGreaterThan(clock.getTime());
      // A vendor that rotates refresh tokens (Microsoft) gets the new one stored; the others keep theirs.
      if (rotatesRefreshTokens) expect(after.refresh_token_enc).not.toBe(before.refresh_token_enc);
      else expect(after.refresh_token_enc).toBe(before.refresh_token_enc);
    });
  },
);
