import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../backend/src/entry/app-types';
import type { Language } from '../../shared/language';
import { spokenTimeEs } from '../../shared/receptionist/spoken-time-es';
import { approveTexting } from '../support/assistant-line';
import { callApi } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';
import { localStockPage } from '../../backend/src/local/twilio/local-inventory';
import { telephonyWebhookUrls } from '../../backend/src/providers/telephony/port';

const CALLER = '+14155550177';

/** An appointment `hours` from now, as the engine's booking tool stores it. */
const book = async (
  deps: AppDeps,
  ownerId: string,
  hours: number,
  name = 'Sam Lee',
  phone = CALLER,
  language?: Language,
) => {
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + hours * 3_600_000);
  const result = await deps.data.appointments.book(ownerId, {
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 30 * 60_000).toISOString(),
    customer_name: name,
    customer_phone: phone,
    service: 'Cleaning',
    conversation_id: null,
    channel: 'sms',
    deposit: null,
    ...(language ? { language } : {}),
  });
  if (!result.ok) throw new Error('slot taken');
  return result.appointment;
};

describe('Appointments view: upcoming appointments and cancel, which texts the caller', async () => {
  const { app, deps, services } = await createTestApp();
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'appt-owner'),
    createConfirmedUser(services, 'appt-other'),
  ]);
  const assistantNumber = localStockPage('305', 0, 1)[0]!.phone_number;
  await deps.data.businessConfigs.createConfig(owner.sub, {
    business_name: 'Golden Gate Dental',
    phone_number: '+14155550142',
    address: '500 Market St, San Francisco, CA',
  });
  await deps.data.businessConfigs.updateConfigFields(owner.sub, {
    assistant_phone: assistantNumber,
    time_zone: 'America/Los_Angeles',
  });
  await deps.data.phoneReservations.claim(owner.sub, assistantNumber);
  const { sid } = await deps.providers.telephony.purchase({
    phoneNumber: assistantNumber,
    ...telephonyWebhookUrls('http://localhost'),
  });
  await deps.data.phoneReservations.activate(owner.sub, assistantNumber, sid, []);
  await approveTexting(deps, owner.sub);
  const list = (user = owner, path = `/oauth/users/${owner.sub}/appointments`) =>
    callApi(app, 'GET', path, user.tokens.IdToken);
  const cancel = (id: string, user = owner, userId = owner.sub) =>
    callApi(
      app,
      'POST',
      `/oauth/users/${userId}/appointments/${encodeURIComponent(id)}/cancel`,
      user.tokens.IdToken,
    );
  const textsTo = async (caller: string) =>
    (await deps.localTwilioAccount!.thread(assistantNumber, caller)).filter(
      (m) => m.direction === 'outbound',
    );

  it('lists upcoming appointments soonest first, in the business time zone', async () => {
    const later = await book(deps, owner.sub, 50, 'Alex Kim', '+14155550178');
    const sooner = await book(deps, owner.sub, 26);
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.time_zone).toBe('America/Los_Angeles');
    const ids = (response.body.appointments as Array<{ id: string }>).map((a) => a.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(response.body.appointments).toContainEqual(
      expect.objectContaining({
        id: sooner.id,
        customer_name: 'Sam Lee',
        service: 'Cleaning',
        status: 'booked',
      }),
    );
  });

  it('cancels once: the slot is freed, the caller is texted, a second cancel is 404', async () => {
    const appointment = await book(deps, owner.sub, 30);
    const before = (await textsTo(CALLER)).length;
    const response = await cancel(appointment.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      caller_notified: true,
      appointment: { id: appointment.id, status: 'cancelled' },
    });
    const texts = await textsTo(CALLER);
    expect(texts).toHaveLength(before + 1);
    expect(texts.at(-1)!.body).toMatch(/^Golden Gate Dental: your appointment on .+ has been cancelled\./);
    expect((await list()).body.appointments).not.toContainEqual(
      expect.objectContaining({ id: appointment.id }),
    );
    expect((await cancel(appointment.id)).status).toBe(404);
    // The freed slot can be booked again.
    expect((await deps.data.appointments.get(owner.sub, appointment.id))?.status).toBe('cancelled');
  });

  it('texts the cancellation in the language the caller booked in (decision 174)', async () => {
    const caller = '+14155550181';
    const appointment = await book(deps, owner.sub, 42, 'Lucía Gómez', caller, 'es');
    expect(appointment.language).toBe('es');
    expect((await cancel(appointment.id)).body).toMatchObject({ caller_notified: true });
    const when = spokenTimeEs(new Date(appointment.starts_at), 'America/Los_Angeles');
    expect((await textsTo(caller)).map((m) => m.body)).toEqual([
      `Golden Gate Dental: el negocio canceló su cita ${when}. Responda a este mensaje para reservar otra hora.`,
    ]);
    // Booked before the language was stored: English, as before.
    const older = await book(deps, owner.sub, 43, 'Lucía Gómez', caller);
    await cancel(older.id);
    expect((await textsTo(caller)).at(-1)!.body).toMatch(
      /^Golden Gate Dental: your appointment on .+ has been cancelled\./,
    );
  });

  it('does not text a caller who opted out, and says so', async () => {
    const optedOut = '+14155550179';
    await deps.data.smsMessaging.optOut(assistantNumber, optedOut, owner.sub);
    const appointment = await book(deps, owner.sub, 34, 'Pat', optedOut);
    const response = await cancel(appointment.id);
    expect(response.body).toMatchObject({ caller_notified: false });
    expect(await textsTo(optedOut)).toEqual([]);
  });

  it("refuses another owner's path (403) and an unknown appointment id (404), changing nothing", async () => {
    const appointment = await book(deps, owner.sub, 38);
    expect((await list(other)).status).toBe(403);
    expect((await cancel(appointment.id, other)).status).toBe(403);
    expect((await cancel(appointment.id, other, other.sub)).status).toBe(404);
    expect((await cancel('20261201T100000Z-nope')).status).toBe(404);
    expect((await deps.data.appointments.get(owner.sub, appointment.id))?.status).toBe('booked');
    expect((await callApi(app, 'GET', `/oauth/users/${owner.sub}/appointments`)).status).toBe(401);
  });
});
