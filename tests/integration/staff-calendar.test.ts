import { describe, expect, it } from 'vitest';
import { zonedInstant, type LocalDateTime } from '../../shared/receptionist/business-time';
import type { CalendarService } from '../../shared/calendar';
import type { StaffMember } from '../../shared/schemas/calendar-model';
import { bookTool } from '../../backend/src/capabilities/receptionist/tools/book';
import { findSlotsTool } from '../../backend/src/capabilities/receptionist/tools/find-slots';
import type { ToolContext } from '../../backend/src/capabilities/receptionist/tools/tool-types';
import { createOwnerCalendar } from '../../backend/src/capabilities/calendars/sync/owner-calendar';
import { createConnectionTokens } from '../../backend/src/capabilities/calendars/connection-tokens';
import { CalendarUnavailableError } from '../../backend/src/providers/calendar/calendar-api-types';
import { createLogger } from '../../backend/src/platform/logging/logger';
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
const clock = zonedInstant({ year: 2026, month: 11, day: 23, hour: 8, minute: 0 }, NY);
const tuesday = (hour: number, minute = 0): LocalDateTime => ({
  year: 2026,
  month: 11,
  day: 24,
  hour,
  minute,
});
const ten = zonedInstant(tuesday(10), NY);
const tenThirty = zonedInstant(tuesday(10, 30), NY);
const HOURS = ['Monday: 9:00 AM – 5:00 PM', 'Tuesday: 9:00 AM – 5:00 PM', 'Wednesday: 9:00 AM – 5:00 PM'];

/**
 * Each vendor's id for a staff member's calendar, as the owner types it on the Calendar tab: locally it
 * names another local account of the same vendor, whose events its local calendar page holds.
 */
const VENDORS: ReadonlyArray<{ service: CalendarService; refOf: (account: string) => string }> = [
  { service: 'google_calendar', refOf: (account) => account },
  { service: 'outlook_calendar', refOf: (account) => account },
  { service: 'acuity', refOf: (account) => account },
];

/**
 * Issue 34 §2/§4: "Open slots come from … the staff member's hours, their calendar's busy times …". The
 * owner's calendar connects through the real OAuth flow of the local vendor; Jordan's own calendar is a
 * second local account read through that connection.
 */
describe.each(VENDORS)("a stylist's own $service calendar blocks their times", async ({ service, refOf }) => {
  const { app, deps } = await createTestApp({}, { now: () => clock });

  /** Jordan adding an event in their own calendar (the local calendar page's form). */
  const addInCalendar = (account: string, start: LocalDateTime, minutes: number) =>
    addLocalCalendarEvent(
      app,
      { service, account },
      { start, minutes, title: 'Jordan: dentist', timeZone: NY },
    );

  async function salon(
    jordansCalendar: (jordan: string) => StaffMember['calendar'],
    calendar: ToolContext['services']['calendar'] = deps.ownerCalendar,
  ) {
    const { ownerId } = await createAssistantLine(deps, { businessName: 'Bella Hair Studio' });
    const jordan = `jordan-${ownerId.slice(0, 8)}@bella.example`;
    await deps.data.businessConfigs.updateConfigFields(ownerId, {
      time_zone: NY,
      business_hours: { weekday_text: HOURS },
    });
    await deps.data.calendarModel.save(ownerId, twoStylistSalon(jordansCalendar(jordan)), 0);
    await connectThroughCallback(
      { app, deps },
      ownerId,
      service,
      `owner-${ownerId.slice(0, 8)}@bella.example`,
    );
    const profile = await deps.receptionist.profileOf(ownerId);
    const context = calendarToolContext(deps, profile, calendar, () => clock);
    return { ownerId, jordan, context };
  }

  const offeredStarts = (data: Record<string, unknown> | undefined) =>
    (data!.slots as Array<{ start: string }>).map((s) => new Date(s.start).getTime());

  it("Jordan's event Tuesday 10–11 keeps Jordan from being offered or booked then; Sam is free", async () => {
    const { jordan, context } = await salon((account) => ({ service, calendar_ref: refOf(account) }));
    await addInCalendar(jordan, tuesday(10), 60);

    const forJordan = await findSlotsTool.run(context(), {
      when: 'tomorrow at 10am',
      service: 'Haircut',
      staff: 'Jordan',
    });
    expect(forJordan.data).toMatchObject({ requested_time_free: false, staff: 'Jordan' });
    const jordansTimes = offeredStarts(forJordan.data);
    expect(jordansTimes.length).toBeGreaterThan(0);
    expect(jordansTimes).not.toContain(ten.getTime());
    expect(jordansTimes).not.toContain(tenThirty.getTime());

    const forSam = await findSlotsTool.run(context(), {
      when: 'tomorrow at 10am',
      service: 'Haircut',
      staff: 'Sam',
    });
    expect(forSam.data).toMatchObject({ requested_time_free: true, staff: 'Sam' });
    expect(offeredStarts(forSam.data)).toContain(ten.getTime());

    // Anyone at 10: Sam only.
    const anyone = await findSlotsTool.run(context(), { when: 'tomorrow at 10am', service: 'Haircut' });
    expect(anyone.data).toMatchObject({ requested_time_free: true });
    expect((anyone.data!.slots as Array<{ staff: string[] }>)[0]!.staff).toEqual(['Sam']);

    const refused = await bookTool.run(context(), {
      start: ten.toISOString(),
      name: 'Ana',
      service: 'Haircut',
      staff: 'Jordan',
    });
    expect(refused).toMatchObject({ ok: false, data: { reason: 'not_open' } });
    const withSam = await bookTool.run(context(), {
      start: ten.toISOString(),
      name: 'Bo',
      service: 'Haircut',
      staff: 'Sam',
    });
    expect(withSam.ok).toBe(true);
  });

  it("a staff calendar on a vendor the owner has not connected blocks nothing, and Jordan's bookings still do", async () => {
    const other: CalendarService = service === 'google_calendar' ? 'outlook_calendar' : 'google_calendar';
    const { jordan, context } = await salon((account) => ({ service: other, calendar_ref: account }));
    await addInCalendar(jordan, tuesday(10), 60); // on the connected vendor, not the one named for Jordan
    const booked = await bookTool.run(context(), {
      start: zonedInstant(tuesday(11), NY).toISOString(),
      name: 'Cy',
      service: 'Haircut',
      staff: 'Jordan',
    });
    expect(booked.ok).toBe(true);
    const forJordan = await findSlotsTool.run(context(), {
      when: 'tomorrow at 10am',
      service: 'Haircut',
      staff: 'Jordan',
    });
    expect(forJordan.data).toMatchObject({ requested_time_free: true });
    expect(offeredStarts(forJordan.data)).not.toContain(zonedInstant(tuesday(11), NY).getTime());
  });

  it('reads only the calendars of who can take the booking, once per search', async () => {
    const read: string[] = [];
    const counting: ToolContext['services']['calendar'] = {
      ...deps.ownerCalendar,
      busyOf: async (ownerId, calendar, from, to) => {
        read.push(calendar.calendar_ref);
        return deps.ownerCalendar.busyOf(ownerId, calendar, from, to);
      },
    };
    const { jordan, context } = await salon(
      (account) => ({ service, calendar_ref: refOf(account) }),
      counting,
    );
    await findSlotsTool.run(context(), { when: 'tomorrow at 10am', service: 'Haircut', staff: 'Sam' });
    expect(read).toEqual([]);
    await findSlotsTool.run(context(), { when: 'tomorrow at 10am', service: 'Haircut' });
    expect(read).toEqual([refOf(jordan)]);
  });

  it("the vendor failing on Jordan's calendar: a warning, no error, and Jordan's bookings still block", async () => {
    const lines: string[] = [];
    const down = createOwnerCalendar({
      connections: deps.data.calendarConnections,
      calendar: {
        apiFor: (name) => {
          const api = deps.providers.calendar.apiFor(name)!;
          return {
            ...api,
            busy: async (token, from, to, ref) => {
              if (ref) throw new CalendarUnavailableError('503 from the vendor');
              return api.busy(token, from, to);
            },
          };
        },
      },
      tokens: createConnectionTokens({
        connections: deps.data.calendarConnections,
        calendar: deps.providers.calendar,
        logger: deps.logger,
        now: () => clock,
      }),
      logger: createLogger((line) => lines.push(line)),
    });
    const { jordan, context } = await salon((account) => ({ service, calendar_ref: refOf(account) }), down);
    await addInCalendar(jordan, tuesday(10), 60);
    const booked = await bookTool.run(context(), {
      start: zonedInstant(tuesday(11), NY).toISOString(),
      name: 'Dee',
      service: 'Haircut',
      staff: 'Jordan',
    });
    expect(booked.ok).toBe(true);
    const forJordan = await findSlotsTool.run(context(), {
      when: 'tomorrow at 10am',
      service: 'Haircut',
      staff: 'Jordan',
    });
    expect(forJordan.data).toMatchObject({ requested_time_free: true });
    expect(offeredStarts(forJordan.data)).not.toContain(zonedInstant(tuesday(11), NY).getTime());
    expect(lines.map((line) => JSON.parse(line) as { level: string; action?: string })).toContainEqual(
      expect.objectContaining({ level: 'warn', action: 'staff busy' }),
    );
  });
});

describe("a stylist's own Calendly blocks their times", async () => {
  const { app, deps } = await createTestApp({}, { now: () => clock });

  it("Jordan's Calendly user (another member of the owner's organisation) is busy Tuesday 10–11", async () => {
    const { ownerId } = await createAssistantLine(deps, { businessName: 'Bella Hair Studio' });
    const jordan = `jordan-${ownerId.slice(0, 8)}@bella.example`;
    await deps.data.businessConfigs.updateConfigFields(ownerId, {
      time_zone: NY,
      business_hours: { weekday_text: HOURS },
    });
    await connectThroughCallback(
      { app, deps },
      ownerId,
      'calendly',
      `owner-${ownerId.slice(0, 8)}@bella.example`,
    );
    const jordansCalendar = {
      service: 'calendly' as const,
      calendar_ref: `https://api.calendly.local/users/${encodeURIComponent(jordan)}`,
    };
    const until = new Date(clock.getTime() + 3 * 86_400_000);
    expect(await deps.ownerCalendar.busyOf(ownerId, jordansCalendar, clock, until)).toEqual([]);
    await addLocalCalendarEvent(
      app,
      { service: 'calendly', account: jordan },
      { start: tuesday(10), minutes: 60, title: 'Jordan: dentist', timeZone: NY },
    );
    expect(await deps.ownerCalendar.busyOf(ownerId, jordansCalendar, clock, until)).toEqual([
      { start: ten, end: zonedInstant(tuesday(11), NY) },
    ]);
    // The owner may type Jordan's e-mail instead: it is looked up among the organisation's members.
    expect(
      await deps.ownerCalendar.busyOf(ownerId, { service: 'calendly', calendar_ref: jordan }, clock, until),
    ).toEqual([{ start: ten, end: zonedInstant(tuesday(11), NY) }]);
    // The owner's own busy times are not Jordan's.
    expect(await deps.ownerCalendar.busy(ownerId, clock, until)).toEqual([]);
  });
});

describe('staff calendars on the same connection as the owner', async () => {
  let now = clock;
  const { app, deps } = await createTestApp({}, { now: () => now });

  it('a search with a stale access token reads the connections once and refreshes a stale token once, though three calendars are read in parallel', async () => {
    const service = 'google_calendar';
    const { ownerId } = await createAssistantLine(deps, { businessName: 'Bella Hair Studio' });
    await deps.data.businessConfigs.updateConfigFields(ownerId, {
      time_zone: NY,
      business_hours: { weekday_text: HOURS },
    });
    const model = twoStylistSalon(null);
    model.staff = model.staff.map((member) => ({
      ...member,
      calendar: {
        service,
        calendar_ref: `${member.name.toLowerCase()}-${ownerId.slice(0, 8)}@bella.example`,
      },
    }));
    await deps.data.calendarModel.save(ownerId, model, 0);
    await connectThroughCallback(
      { app, deps },
      ownerId,
      service,
      `owner-${ownerId.slice(0, 8)}@bella.example`,
    );
    let refreshes = 0;
    let listed = 0;
    const calendar = createOwnerCalendar({
      connections: {
        list: (id) => {
          listed += 1;
          return deps.data.calendarConnections.list(id);
        },
        markExpired: (id, name) => deps.data.calendarConnections.markExpired(id, name),
        noteSyncFailed: (id, name) => deps.data.calendarConnections.noteSyncFailed(id, name),
        noteSyncWorked: (id, name, since) => deps.data.calendarConnections.noteSyncWorked(id, name, since),
      },
      calendar: deps.providers.calendar,
      tokens: createConnectionTokens({
        connections: deps.data.calendarConnections,
        calendar: {
          tokenCipher: deps.providers.calendar.tokenCipher,
          forService: (name) => {
            const provider = deps.providers.calendar.forService(name)!;
            return {
              ...provider,
              refresh: (token: string) => {
                refreshes += 1;
                return provider.refresh(token);
              },
            };
          },
        },
        logger: deps.logger,
        now: () => now,
      }),
      logger: deps.logger,
    });
    now = new Date(clock.getTime() + 2 * 3_600_000); // the one-hour access token is stale
    const context = calendarToolContext(
      deps,
      await deps.receptionist.profileOf(ownerId),
      calendar,
      () => now,
    );
    const asked = await findSlotsTool.run(context(), { when: 'tomorrow at 10am', service: 'Haircut' });
    expect(asked.data).toMatchObject({ requested_time_free: true });
    expect(refreshes).toBe(1);
    expect(listed).toBe(1); // one connections query for the owner's and both stylists' calendars
    expect((await deps.data.calendarConnections.list(ownerId))[0]?.status).toBe('connected');
  });
});
