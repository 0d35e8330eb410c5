import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../backend/src/entry/app-types';
import { CALENDAR_LIMITS } from '../../shared/calendar-model';
import { CALENDAR_API_TEXTS } from '../../shared/calendar-model-texts';
import { addDays, weekdayOf, zonedInstant, zonedParts } from '../../shared/receptionist/business-time';
import type { CalendarModel, Service } from '../../shared/schemas/calendar-model';
import { createAssistantLine } from '../support/assistant-line';
import { callApi } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const ZONE = 'America/Los_Angeles';
const WEEKDAYS_9_TO_5 = [0, 1, 2, 3, 4].map(() => [{ start: 540, end: 1020 }]);
const NINE_TO_FIVE = [...WEEKDAYS_9_TO_5, [], []];

/** The next Wednesday at least a week ahead (or `daysAfter` it), at `hour` in the business's zone. */
function nextWednesdayAt(hour: number, daysAfter = 0) {
  const today = zonedParts(new Date(), ZONE);
  let date = addDays(today, 7);
  while (weekdayOf(date) !== 2) date = addDays(date, 1);
  date = addDays(date, daysAfter);
  return { date, start: zonedInstant({ ...date, hour, minute: 0 }, ZONE) };
}
const isoDay = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

const serviceBody = (overrides: Partial<Omit<Service, 'id'>> = {}): Omit<Service, 'id'> => ({
  name: 'Balayage',
  description: '',
  duration_minutes: 90,
  price_kind: 'from',
  price_cents: 15000,
  deposit_cents: null,
  buffer_minutes: 10,
  staff_ids: [],
  resource_id: null,
  ...overrides,
});

/** A booking with a staff member and a service, as the booking tool stores one. */
async function book(
  deps: AppDeps,
  ownerId: string,
  start: Date,
  extra: { service_id?: string; staff_id?: string; staff_name?: string; phone: string; name: string },
) {
  const { phone, name, ...calendar } = extra;
  const result = await deps.data.appointments.book(ownerId, {
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 60 * 60_000).toISOString(),
    customer_name: name,
    customer_phone: phone,
    service: 'Balayage',
    conversation_id: null,
    channel: 'sms',
    deposit: null,
    ...calendar,
  });
  if (!result.ok) throw new Error('slot taken');
  return result.appointment;
}

/**
 * The calendar model's API (docs/decisions/183, "Editing the model"): services, staff and resources on one
 * item with version checks; hours, closures and the grid on the config; bad input refused whole with field
 * paths; other owners refused; limits; parallel writes never lose one another; and an edit that strands
 * upcoming bookings refused with them listed, or (cancel_affected) cancelled with the callers texted.
 */
describe('calendar model API', async () => {
  const { app, deps, services } = await createTestApp();
  const [owner, other, destructive] = await Promise.all([
    createConfirmedUser(services, 'calendar-owner'),
    createConfirmedUser(services, 'calendar-other'),
    createConfirmedUser(services, 'calendar-destructive'),
  ]);
  await createAssistantLine(deps, { ownerId: owner.sub, businessName: 'Sunset Cuts' });
  await deps.data.businessConfigs.updateConfigFields(owner.sub, {
    time_zone: ZONE,
    business_description:
      'Sunset Cuts is a friendly salon. Haircuts start at $45, and a 90-minute balayage is $150. Beard trims $15.',
  });
  const line = await createAssistantLine(deps, { ownerId: destructive.sub, businessName: 'Harbor Salon' });
  await deps.data.businessConfigs.updateConfigFields(destructive.sub, { time_zone: ZONE });

  const token = owner.tokens.IdToken;
  const model = `/oauth/users/${owner.sub}/calendar-model`;
  const api = (method: string, path: string, body?: unknown, user = owner) =>
    callApi(app, method, path, user.tokens.IdToken, body);
  const stored = () => deps.data.calendarModel.get(owner.sub);

  it('adds resources, staff and services, with server-made ids, and answers with the model as stored', async () => {
    expect((await api('GET', model)).body).toMatchObject({ services: [], staff: [], version: 0 });
    const chair = await api('POST', `${model}/resources`, { name: 'Colour chair', capacity: 2 });
    expect(chair.status).toBe(201);
    const resourceId = (chair.body as CalendarModel).resources[0]!.id;
    expect(resourceId).toMatch(/^rs_[a-z0-9]{12}$/);
    const jordan = await api('POST', `${model}/staff`, { name: 'Jordan', hours: null, calendar: null });
    const riley = await api('POST', `${model}/staff`, {
      name: 'Riley',
      hours: [
        [],
        [
          { start: 600, end: 720 },
          { start: 780, end: 1080 },
        ],
        [],
        [],
        [],
        [],
        [],
      ],
      calendar: { service: 'google_calendar', calendar_ref: 'riley@example.com' },
    });
    expect([jordan.status, riley.status]).toEqual([201, 201]);
    const [jordanId, rileyId] = (riley.body as CalendarModel).staff.map((s) => s.id);
    const added = await api(
      'POST',
      `${model}/services`,
      serviceBody({ staff_ids: [jordanId!, rileyId!], resource_id: resourceId }),
    );
    expect(added.status).toBe(201);
    const service = (added.body as CalendarModel).services[0]!;
    expect(service).toMatchObject({ name: 'Balayage', duration_minutes: 90, staff_ids: [jordanId, rileyId] });
    const edited = await api('PUT', `${model}/services/${service.id}`, {
      ...serviceBody({ name: '  Full balayage ', staff_ids: [jordanId!], resource_id: resourceId }),
    });
    expect(edited.status).toBe(200);
    expect((await stored()).services).toEqual([
      expect.objectContaining({ id: service.id, name: 'Full balayage', staff_ids: [jordanId] }),
    ]);
    expect((await api('GET', model)).body).toEqual(await stored());
  });

  it('offers the description’s priced services that are not services yet', async () => {
    const response = await api('GET', `${model}/suggestions`);
    expect(response.status).toBe(200);
    expect(response.body.suggestions).toEqual([
      expect.objectContaining({
        name: 'Haircut',
        price_kind: 'from',
        price_cents: 4500,
        duration_minutes: 30,
      }),
      expect.objectContaining({
        name: 'Balayage',
        price_kind: 'fixed',
        price_cents: 15000,
        duration_minutes: 90,
      }),
      expect.objectContaining({ name: 'Beard trim', price_kind: 'fixed', price_cents: 1500 }),
    ]);
    await api(
      'POST',
      `${model}/services`,
      serviceBody({ name: 'Haircuts', price_kind: 'from', price_cents: 4500 }),
    );
    const after = await api('GET', `${model}/suggestions`);
    expect((after.body.suggestions as Array<{ name: string }>).map((s) => s.name)).toEqual([
      'Balayage',
      'Beard trim',
    ]);
  });

  it('refuses bad input whole, with the field that is wrong, storing nothing', async () => {
    const before = await stored();
    const cases: Array<[unknown, string]> = [
      [serviceBody({ duration_minutes: 7 }), 'duration_minutes'],
      [serviceBody({ price_kind: 'fixed', price_cents: null }), 'price_cents'],
      [serviceBody({ staff_ids: ['st_doesnotexist1'] }), 'staff_ids.0'],
      [serviceBody({ resource_id: 'rs_doesnotexist1' }), 'resource_id'],
      [serviceBody({ name: '   ' }), 'name'],
    ];
    for (const [body, path] of cases) {
      const response = await api('POST', `${model}/services`, body);
      expect(response.status, path).toBe(400);
      expect(response.body.details, path).toEqual(
        expect.arrayContaining([expect.objectContaining({ path })]),
      );
    }
    const badStaff = await api('POST', `${model}/staff`, {
      name: 'Sam',
      hours: [[{ start: 600, end: 500 }], [], [], [], [], [], []],
      calendar: null,
    });
    expect(badStaff.status).toBe(400);
    expect(badStaff.body.details).toEqual([
      { path: 'hours.0.0.end', message: 'Closing time must be after opening time.' },
    ]);
    expect((await api('PUT', `${model}/services/sv_doesnotexist1`, serviceBody())).status).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('serves only the owner: another owner’s token is 403, no token is 401', async () => {
    expect((await api('GET', model, undefined, other)).status).toBe(403);
    expect((await api('POST', `${model}/services`, serviceBody(), other)).status).toBe(403);
    expect(
      (await api('PUT', `/oauth/users/${owner.sub}/opening-hours`, { opening_hours: NINE_TO_FIVE }, other))
        .status,
    ).toBe(403);
    expect((await callApi(app, 'GET', model)).status).toBe(401);
  });

  it('refuses deleting a resource a service uses, or the only person who does a service, naming them', async () => {
    const current = await stored();
    const resource = await api('DELETE', `${model}/resources/${current.resources[0]!.id}`);
    expect(resource.status).toBe(409);
    expect(resource.body.message).toBe(CALENDAR_API_TEXTS.resourceInUse(['Full balayage']));
    const jordan = current.staff.find((s) => s.name === 'Jordan')!;
    const staff = await api('DELETE', `${model}/staff/${jordan.id}`);
    expect(staff.status).toBe(409);
    expect(staff.body.message).toBe(CALENDAR_API_TEXTS.onlyStaffFor(['Full balayage']));
    expect(await stored()).toEqual(current);
  });

  it('renames a resource and deletes one no service uses', async () => {
    const room = await api('POST', `${model}/resources`, { name: 'Room', capacity: 1 });
    const roomId = (room.body as CalendarModel).resources.at(-1)!.id;
    const renamed = await api('PUT', `${model}/resources/${roomId}`, { name: 'Quiet room', capacity: 3 });
    expect(renamed.status).toBe(200);
    expect((renamed.body as CalendarModel).resources.at(-1)).toEqual({
      id: roomId,
      name: 'Quiet room',
      capacity: 3,
    });
    const tooBig = await api('PUT', `${model}/resources/${roomId}`, { name: 'Hall', capacity: 99 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.details).toEqual([expect.objectContaining({ path: 'capacity' })]);
    expect((await api('DELETE', `${model}/resources/${roomId}`)).status).toBe(200);
    expect((await stored()).resources.map((r) => r.id)).not.toContain(roomId);
    expect((await api('DELETE', `${model}/resources/${roomId}`)).status).toBe(404);
  });

  it('toggles the services a staff member does from their own editor', async () => {
    const current = await stored();
    const riley = current.staff.find((s) => s.name === 'Riley')!;
    const service = current.services[0]!;
    const response = await api('PUT', `${model}/staff/${riley.id}`, {
      name: 'Riley',
      hours: riley.hours,
      calendar: riley.calendar,
      service_ids: [service.id],
    });
    expect(response.status).toBe(200);
    expect((await stored()).services[0]!.staff_ids).toEqual([...service.staff_ids, riley.id]);
  });

  it('answers 409 to a write made on a version it did not see, and parallel writes never lose one', async () => {
    const { version } = await stored();
    const stale = await callApi(app, 'POST', `${model}/resources?version=${version - 1}`, token, {
      name: 'Sink',
      capacity: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(CALENDAR_API_TEXTS.conflict);
    const before = (await stored()).services.length;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        api('POST', `${model}/services`, serviceBody({ name: `Parallel ${n}` })),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses).toContain(201);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body.message).toBe(CALENDAR_API_TEXTS.conflict);
    }
    // Every 201 is in the stored model: no write undid another.
    expect((await stored()).services.length).toBe(before + statuses.filter((s) => s === 201).length);
  });

  it('holds the per-owner limit on services', async () => {
    const current = await stored();
    const filler = Array.from({ length: CALENDAR_LIMITS.services - current.services.length }, (_, n) => ({
      ...serviceBody({ name: `Filler ${n}` }),
      id: `sv_filler${String(n).padStart(4, '0')}`,
    }));
    await deps.data.calendarModel.save(
      owner.sub,
      { ...current, services: [...current.services, ...filler] },
      current.version,
    );
    const refused = await api('POST', `${model}/services`, serviceBody({ name: 'One too many' }));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CALENDAR_API_TEXTS.limit('services', CALENDAR_LIMITS.services));
    expect((await stored()).services).toHaveLength(CALENDAR_LIMITS.services);
  });

  it('sets split-day hours and the grid, and says where the hours come from', async () => {
    const settings = `/oauth/users/${owner.sub}/calendar-settings`;
    expect((await api('GET', settings)).body).toMatchObject({
      hours_source: 'default',
      slot_grid_minutes: 30,
    });
    const split = [
      [
        { start: 540, end: 720 },
        { start: 780, end: 1080 },
      ],
      ...NINE_TO_FIVE.slice(1),
    ];
    const saved = await api('PUT', `/oauth/users/${owner.sub}/opening-hours`, { opening_hours: split });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ hours_source: 'owner', opening_hours: split });
    const overlapping = await api('PUT', `/oauth/users/${owner.sub}/opening-hours`, {
      opening_hours: [
        [
          { start: 540, end: 720 },
          { start: 700, end: 800 },
        ],
        [],
        [],
        [],
        [],
        [],
        [],
      ],
    });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.details).toEqual([
      { path: 'opening_hours.0', message: 'Open periods on one day can’t overlap.' },
    ]);
    expect(
      (await api('PUT', `/oauth/users/${owner.sub}/slot-grid`, { slot_grid_minutes: 15 })).body,
    ).toMatchObject({
      slot_grid_minutes: 15,
    });
    const badGrid = await api('PUT', `/oauth/users/${owner.sub}/slot-grid`, { slot_grid_minutes: 25 });
    expect(badGrid.status).toBe(400);
    expect(badGrid.body.details).toEqual([expect.objectContaining({ path: 'slot_grid_minutes' })]);
    expect((await api('GET', settings)).body).toMatchObject({ opening_hours: split, slot_grid_minutes: 15 });
  });

  it('adds, edits and deletes closures, refusing a bad one with its field and keeping parallel adds', async () => {
    const closures = `/oauth/users/${owner.sub}/closures`;
    const added = await api('POST', closures, {
      from: '2027-11-25',
      to: '2027-11-25',
      start_minute: null,
      end_minute: null,
      note: 'We’re closed on Thanksgiving',
    });
    expect(added.status).toBe(201);
    const closure = (added.body.closures as Array<{ id: string; note: string }>)[0]!;
    expect(closure).toMatchObject({
      id: expect.stringMatching(/^cl_/),
      note: 'We’re closed on Thanksgiving',
    });
    const backwards = await api('POST', closures, {
      from: '2027-12-26',
      to: '2027-12-24',
      start_minute: null,
      end_minute: null,
      note: '',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details).toEqual([
      { path: 'to', message: 'The last day can’t be before the first.' },
    ]);
    const halfTimes = await api('POST', closures, {
      from: '2027-12-24',
      to: '2027-12-24',
      start_minute: 720,
      end_minute: null,
      note: '',
    });
    expect(halfTimes.status).toBe(400);
    const edited = await api('PUT', `${closures}/${closure.id}`, {
      from: '2027-11-25',
      to: '2027-11-26',
      start_minute: null,
      end_minute: null,
      note: 'We’re closed for Thanksgiving',
    });
    expect(edited.status).toBe(200);
    const parallel = await Promise.all(
      ['2027-12-24', '2027-12-31', '2028-01-01'].map((day) =>
        api('POST', closures, {
          from: day,
          to: day,
          start_minute: 720,
          end_minute: 1440,
          note: 'Closing early',
        }),
      ),
    );
    const config = await deps.data.businessConfigs.getConfig(owner.sub);
    // A parallel add that lost its race is a 409, never a silently dropped closure.
    expect(config!.closures).toHaveLength(1 + parallel.filter((r) => r.status === 201).length);
    expect(parallel.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect((await api('DELETE', `${closures}/${closure.id}`)).status).toBe(200);
    expect((await api('DELETE', `${closures}/${closure.id}`)).status).toBe(404);

    // The per-owner limit: a full list refuses one more, storing nothing.
    const full = Array.from({ length: CALENDAR_LIMITS.closures }, (_, n) => ({
      id: `cl_full${String(n).padStart(5, '0')}`,
      from: '2028-02-01',
      to: '2028-02-01',
      start_minute: null,
      end_minute: null,
      note: `Closed ${n}`,
    }));
    await deps.data.businessConfigs.updateConfigFields(owner.sub, { closures: full });
    const refused = await api('POST', closures, { ...full[0], id: undefined });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CALENDAR_API_TEXTS.limit('closures', CALENDAR_LIMITS.closures));
    expect((await deps.data.businessConfigs.getConfig(owner.sub))!.closures).toHaveLength(
      CALENDAR_LIMITS.closures,
    );
  });

  it('refuses an edit that strands upcoming bookings with them listed, and cancel_affected texts the callers', async () => {
    const base = `/oauth/users/${destructive.sub}`;
    const as = (method: string, path: string, body?: unknown) =>
      api(method, `${base}${path}`, body, destructive);
    expect((await as('PUT', '/opening-hours', { opening_hours: NINE_TO_FIVE })).status).toBe(200);
    const withStaff = await as('POST', '/calendar-model/staff', {
      name: 'Jordan',
      hours: null,
      calendar: null,
    });
    const jordanId = (withStaff.body as CalendarModel).staff[0]!.id;
    const { date, start } = nextWednesdayAt(10);
    const caller = '+14155550191';
    const appointment = await book(deps, destructive.sub, start, {
      staff_id: jordanId,
      staff_name: 'Jordan',
      phone: caller,
      name: 'Casey Park',
    });
    const expected = {
      id: appointment.id,
      starts_at: appointment.starts_at,
      customer_name: 'Casey Park',
      service: 'Balayage',
      staff_name: 'Jordan',
    };

    // Shrinking Wednesday to the afternoon strands it.
    const afternoons = NINE_TO_FIVE.map((day, n) => (n === 2 ? [{ start: 780, end: 1020 }] : day));
    const shrink = await as('PUT', '/opening-hours', { opening_hours: afternoons });
    expect(shrink.status).toBe(409);
    expect(shrink.body).toEqual({
      error: 'appointments_affected',
      message: CALENDAR_API_TEXTS.affected(1),
      affected: [expected],
    });
    // A closure over it, and one that day's evening only (which doesn't touch it).
    const over = {
      from: isoDay(date),
      to: isoDay(date),
      start_minute: null,
      end_minute: null,
      note: 'Staff training',
    };
    expect((await as('POST', '/closures', over)).body).toMatchObject({ affected: [expected] });
    const evening = { ...over, start_minute: 1020, end_minute: 1440 };
    expect((await as('POST', '/closures', evening)).status).toBe(201);
    // Jordan's own hours that leave Wednesday morning out.
    const jordanAfternoons = await as('PUT', `/calendar-model/staff/${jordanId}`, {
      name: 'Jordan',
      hours: afternoons,
      calendar: null,
    });
    expect(jordanAfternoons.body).toMatchObject({ affected: [expected] });
    // Deleting the service it was booked for strands it too.
    const colour = await as('POST', '/calendar-model/services', serviceBody({ name: 'Colour' }));
    const colourId = (colour.body as CalendarModel).services[0]!.id;
    const { start: thursday } = nextWednesdayAt(11, 1);
    const colourBooking = await book(deps, destructive.sub, thursday, {
      service_id: colourId,
      phone: '+14155550192',
      name: 'Drew Colour',
    });
    const serviceRefused = await as('DELETE', `/calendar-model/services/${colourId}`);
    expect(serviceRefused.status).toBe(409);
    expect(serviceRefused.body.affected).toEqual([
      expect.objectContaining({ id: colourBooking.id, customer_name: 'Drew Colour' }),
    ]);
    expect((await deps.data.calendarModel.get(destructive.sub)).services).toHaveLength(1);
    // Deleting Jordan strands it too.
    const refused = await as('DELETE', `/calendar-model/staff/${jordanId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.affected).toEqual([expected]);
    expect((await deps.data.calendarModel.get(destructive.sub)).staff).toHaveLength(1);
    expect((await deps.data.appointments.get(destructive.sub, appointment.id))?.status).toBe('booked');

    const texts = async () =>
      (await deps.localTwilioAccount!.thread(line.assistantNumber, caller)).filter(
        (m) => m.direction === 'outbound',
      );
    const cancelled = await as('DELETE', `/calendar-model/staff/${jordanId}?cancel_affected=true`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      staff: [],
      cancelled: [{ id: appointment.id, caller_notified: true }],
    });
    expect((await deps.data.appointments.get(destructive.sub, appointment.id))?.status).toBe('cancelled');
    expect((await texts()).map((m) => m.body)).toEqual([
      expect.stringMatching(/^Harbor Salon: your appointment on .+ has been cancelled\./),
    ]);
    // Nothing left to strand: the hours shrink now.
    expect((await as('PUT', '/opening-hours', { opening_hours: afternoons })).status).toBe(200);
  });

  it('taking someone off a service strands their bookings of it; a new length does not', async () => {
    const salon = await createConfirmedUser(services, 'calendar-performers');
    await createAssistantLine(deps, { ownerId: salon.sub, businessName: 'Pier Salon' });
    await deps.data.businessConfigs.updateConfigFields(salon.sub, { time_zone: ZONE });
    const as = (method: string, path: string, body?: unknown) =>
      api(method, `/oauth/users/${salon.sub}/calendar-model${path}`, body, salon);
    const staffBody = (name: string) => ({ name, hours: null, calendar: null });
    await as('POST', '/staff', staffBody('Jordan'));
    const both = (await as('POST', '/staff', staffBody('Riley'))).body as CalendarModel;
    const [jordan, riley] = both.staff.map((member) => member.id) as [string, string];
    const added = await as('POST', '/services', serviceBody({ name: 'Colour', staff_ids: [jordan, riley] }));
    const colour = (added.body as CalendarModel).services[0]!;
    const { start } = nextWednesdayAt(10);
    const booking = await book(deps, salon.sub, start, {
      service_id: colour.id,
      staff_id: jordan,
      staff_name: 'Jordan',
      phone: '+14155550193',
      name: 'Sam Rivera',
    });
    const stranded = [
      expect.objectContaining({ id: booking.id, customer_name: 'Sam Rivera', staff_name: 'Jordan' }),
    ];
    const { id: _id, ...colourBody } = colour;

    // Off the service's staff list, or off Jordan's own service toggles: refused, nothing saved.
    const fromService = await as('PUT', `/services/${colour.id}`, { ...colourBody, staff_ids: [riley] });
    expect(fromService.status).toBe(409);
    expect(fromService.body).toMatchObject({ error: 'appointments_affected', affected: stranded });
    const fromStaff = await as('PUT', `/staff/${jordan}`, { ...staffBody('Jordan'), service_ids: [] });
    expect(fromStaff.status).toBe(409);
    expect(fromStaff.body).toMatchObject({ affected: stranded });
    expect((await deps.data.calendarModel.get(salon.sub)).services[0]!.staff_ids).toEqual([jordan, riley]);

    // A longer service strands nothing: a booking keeps the length it was booked with.
    const longer = await as('PUT', `/services/${colour.id}`, { ...colourBody, duration_minutes: 120 });
    expect(longer.status).toBe(200);
    // The owner chooses to cancel: the booking goes, and the edit is saved.
    const cancelled = await as('PUT', `/services/${colour.id}?cancel_affected=true`, {
      ...colourBody,
      duration_minutes: 120,
      staff_ids: [riley],
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ cancelled: [{ id: booking.id }] });
    expect((await deps.data.appointments.get(salon.sub, booking.id))?.status).toBe('cancelled');
    expect((await deps.data.calendarModel.get(salon.sub)).services[0]!.staff_ids).toEqual([riley]);
  });
});
