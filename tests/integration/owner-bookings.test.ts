import { describe, expect, it } from 'vitest';
import { addDays, isoDateOf, zonedInstant, zonedParts } from '../../shared/receptionist/business-time';
import type { CalendarModel } from '../../shared/schemas/calendar-model';
import { OWNER_BOOKING_TEXTS } from '../../shared/dashboard-appointments';
import { approveTexting } from '../support/assistant-line';
import { callApi } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';
import { localStockPage } from '../../backend/src/local/twilio/local-inventory';
import { telephonyWebhookUrls } from '../../backend/src/providers/telephony/port';

/**
 * The owner books and moves from the Appointments tab (docs/decisions/183-calendar-model.md "The assistant"):
 * open times from the assistant's engine, bookings through the same invariant, a 409 for a time taken
 * meanwhile (also between parallel requests), the caller texted on a move.
 */
const LA = 'America/Los_Angeles';
const OPEN = [{ start: 540, end: 1020 }];
const MODEL: Pick<CalendarModel, 'services' | 'staff' | 'resources'> = {
  services: [
    {
      id: 'sv_balayage01',
      name: 'Balayage',
      description: '',
      duration_minutes: 90,
      price_kind: 'from',
      price_cents: 15000,
      deposit_cents: null,
      buffer_minutes: 0,
      staff_ids: [],
      resource_id: null,
    },
  ],
  staff: [
    { id: 'st_jordan001', name: 'Jordan', hours: null, calendar: null },
    { id: 'st_sam000001', name: 'Sam', hours: null, calendar: null },
  ],
  resources: [],
};

describe('Owner bookings: open times, create and move through the booking invariant', async () => {
  const { app, deps, services } = await createTestApp();
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'owner-books'),
    createConfirmedUser(services, 'owner-books-other'),
  ]);
  const assistantNumber = localStockPage('305', 0, 1)[0]!.phone_number;
  await deps.data.businessConfigs.createConfig(owner.sub, { business_name: 'Bella Hair Studio' });
  await deps.data.businessConfigs.updateConfigFields(owner.sub, {
    assistant_phone: assistantNumber,
    time_zone: LA,
    opening_hours: [OPEN, OPEN, OPEN, OPEN, OPEN, OPEN, OPEN],
    slot_grid_minutes: 30,
  });
  await deps.data.phoneReservations.claim(owner.sub, assistantNumber);
  const { sid } = await deps.providers.telephony.purchase({
    phoneNumber: assistantNumber,
    ...telephonyWebhookUrls('http://localhost'),
  });
  await deps.data.phoneReservations.activate(owner.sub, assistantNumber, sid, []);
  await approveTexting(deps, owner.sub);
  await deps.data.calendarModel.save(owner.sub, MODEL, 0);

  const day = addDays(zonedParts(new Date(), LA), 2);
  const date = isoDateOf(day);
  const at = (hour: number, minute = 0) => zonedInstant({ ...day, hour, minute }, LA).toISOString();
  const base = `/oauth/users/${owner.sub}/appointments`;
  const slots = (query: string, user = owner, path = base) =>
    callApi(app, 'GET', `${path}/open-slots?${query}`, user.tokens.IdToken);
  const create = (body: Record<string, unknown>, user = owner, path = base) =>
    callApi(app, 'POST', path, user.tokens.IdToken, body);
  const move = (id: string, start: string) =>
    callApi(app, 'POST', `${base}/${encodeURIComponent(id)}/move`, owner.tokens.IdToken, { start });

  it('lists the open times of a day for a service, with who is free', async () => {
    const response = await slots(`date=${date}&service_id=sv_balayage01`);
    expect(response.status).toBe(200);
    const body = response.body as unknown as {
      time_zone: string;
      slots: Array<{ start: string; staff: unknown }>;
    };
    expect(body.time_zone).toBe(LA);
    // 9:00 … 15:30: a 90-minute service ends by 5 PM.
    expect(body.slots.map((s) => s.start)).toContain(at(15, 30));
    expect(body.slots.map((s) => s.start)).not.toContain(at(16));
    expect(body.slots[0]).toEqual({
      start: at(9),
      end: at(10, 30),
      staff: [
        { id: 'st_jordan001', name: 'Jordan' },
        { id: 'st_sam000001', name: 'Sam' },
      ],
    });
  });

  it('refuses bad input, an unknown service, and another owner’s path', async () => {
    expect((await slots('date=tomorrow')).status).toBe(400);
    const unknown = await slots(`date=${date}&service_id=sv_nothing0001`);
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ message: OWNER_BOOKING_TEXTS.unknownService });
    const bad = await create({
      start: at(9),
      service_id: 'sv_balayage01',
      customer_name: '',
      customer_phone: 'x',
    });
    expect(bad.status).toBe(400);
    expect((await slots(`date=${date}`, other)).status).toBe(403);
  });

  it('books two at 10:00 (one per stylist) and answers 409 to a third, also to parallel requests', async () => {
    const book = (n: number, staff?: string) =>
      create({
        start: at(10),
        service_id: 'sv_balayage01',
        ...(staff ? { staff_id: staff } : {}),
        customer_name: `Caller ${n}`,
        customer_phone: `+1415555019${n}`,
      });
    const first = await book(1);
    expect(first.status).toBe(201);
    const booked = first.body as unknown as { appointment: { staff_name: string; ends_at: string } };
    expect(booked.appointment).toMatchObject({
      staff_name: 'Jordan',
      ends_at: at(11, 30),
      service: 'Balayage',
    });
    // Five owners' tabs ask for Sam's 10:00 at once: exactly one gets it.
    const parallel = await Promise.all([2, 3, 4, 5, 6].map((n) => book(n, 'st_sam000001')));
    expect(parallel.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const third = await book(7);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ message: OWNER_BOOKING_TEXTS.taken });
    // Jordan's 90 minutes hold 10:30 and 11:00; 11:30 is free again.
    const open = (await slots(`date=${date}&service_id=sv_balayage01&staff_id=st_jordan001`))
      .body as unknown as {
      slots: Array<{ start: string }>;
    };
    const starts = open.slots.map((s) => s.start);
    expect(starts).not.toContain(at(10, 30));
    expect(starts).not.toContain(at(11));
    expect(starts).toContain(at(11, 30));
  });

  it('moves an appointment to an open time of its stylist and texts the caller; a taken time is a 409', async () => {
    const made = await create({
      start: at(13),
      service_id: 'sv_balayage01',
      staff_id: 'st_jordan001',
      customer_name: 'Ana Ruiz',
      customer_phone: '+14155550188',
    });
    const { appointment } = made.body as unknown as { appointment: { id: string } };
    // Jordan holds 10:00–11:30: 11:00 is not his to move to.
    expect((await move(appointment.id, at(11))).status).toBe(409);
    const moved = await move(appointment.id, at(15));
    expect(moved.status).toBe(200);
    const body = moved.body as unknown as {
      appointment: { starts_at: string; ends_at: string; staff_name: string };
      caller_notified: boolean;
    };
    expect(body.appointment).toMatchObject({ starts_at: at(15), ends_at: at(16, 30), staff_name: 'Jordan' });
    expect(body.caller_notified).toBe(true);
    const texts = (await deps.localTwilioAccount!.thread(assistantNumber, '+14155550188')).filter(
      (m) => m.direction === 'outbound',
    );
    expect(texts.at(-1)?.body).toMatch(/Bella Hair Studio: your appointment for Balayage is moved to/);
  });

  it('moves a booking made before the business named its staff, assigning it to the first free one', async () => {
    // As stored before staff existed: no staff_id (the implicit staff member), who is nobody now.
    const before = await deps.data.appointments.book(owner.sub, {
      starts_at: at(16, 30),
      ends_at: at(17),
      customer_name: 'Lee Park',
      customer_phone: '+14155550199',
      service: 'Haircut',
      conversation_id: null,
      channel: null,
      deposit: null,
    });
    if (!before.ok) throw new Error('slot taken');
    expect(before.appointment.staff_id).toBeUndefined();
    const moved = await move(before.appointment.id, at(12));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const body = moved.body as unknown as {
      appointment: { starts_at: string; staff_id: string; staff_name: string };
    };
    expect(body.appointment).toMatchObject({
      starts_at: at(12),
      staff_id: 'st_jordan001',
      staff_name: 'Jordan',
    });
    // Assigned now: Jordan's own 12:00, so a second pre-staff booking moved there goes to Sam.
    const another = await deps.data.appointments.book(owner.sub, {
      starts_at: at(16, 30),
      ends_at: at(17),
      customer_name: 'Kim Cho',
      customer_phone: '+14155550198',
      service: 'Haircut',
      conversation_id: null,
      channel: null,
      deposit: null,
    });
    if (!another.ok) throw new Error('slot taken');
    const second = await move(another.appointment.id, at(12));
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((second.body as unknown as { appointment: { staff_name: string } }).appointment.staff_name).toBe(
      'Sam',
    );
    expect((await move(before.appointment.id, at(12, 30))).status).not.toBe(200);
  });
});
