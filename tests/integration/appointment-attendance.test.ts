import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../backend/src/entry/app-types';
import { callApi } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const CALLER = '+14155550188';
const HOUR = 3_600_000;
let slot = 0;

/** A booked appointment starting `hours` from now (negative: already started), as the booking tool stores it. */
const book = async (deps: AppDeps, ownerId: string, hours: number, conversationId: string | null = null) => {
  // Distinct minutes per booking, each a minute long: no two overlap (one staff member is never double-booked).
  slot += 1;
  const start = new Date(Math.floor(Date.now() / HOUR) * HOUR + hours * HOUR + slot * 60_000);
  const result = await deps.data.appointments.book(ownerId, {
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 60_000).toISOString(),
    customer_name: 'Sam Lee',
    customer_phone: CALLER,
    service: 'Haircut',
    conversation_id: conversationId,
    channel: 'sms',
    deposit: null,
  });
  if (!result.ok) throw new Error('slot taken');
  return result.appointment;
};

/** A paid deposit on an appointment, as the signed payment webhook leaves it. */
const payDeposit = async (deps: AppDeps, ownerId: string, id: string) => {
  const session = `cs_test_${id.slice(-8)}`;
  await deps.data.appointments.requestDeposit(ownerId, id, 2500, session, 'acct_test');
  await deps.data.appointments.markDepositPaid(ownerId, id, session);
};

describe('Marking attendance: the owner marks a started appointment attended or no-show', async () => {
  const { app, deps, services } = await createTestApp();
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'attend-owner'),
    createConfirmedUser(services, 'attend-other'),
  ]);
  await deps.data.businessConfigs.createConfig(owner.sub, { business_name: 'Bella Hair Studio' });
  await deps.data.businessConfigs.updateConfigFields(owner.sub, { time_zone: 'America/Los_Angeles' });
  const mark = (id: string, body: unknown, user = owner, userId = owner.sub) =>
    callApi(
      app,
      'POST',
      `/oauth/users/${userId}/appointments/${encodeURIComponent(id)}/attendance`,
      user.tokens.IdToken,
      body,
    );

  it('marks a started appointment no-show once; the same mark again changes nothing', async () => {
    const appointment = await book(deps, owner.sub, -3);
    const first = await mark(appointment.id, { attendance: 'no_show' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      changed: true,
      deposit_kept: false,
      appointment: { id: appointment.id, attendance: 'no_show' },
    });
    const markedAt = (await deps.data.appointments.get(owner.sub, appointment.id))?.attendance_marked_at;
    expect(markedAt).toBeTruthy();
    const again = await mark(appointment.id, { attendance: 'no_show' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ changed: false, appointment: { attendance: 'no_show' } });
    expect((await deps.data.appointments.get(owner.sub, appointment.id))?.attendance_marked_at).toBe(
      markedAt,
    );
    // A wrong click is corrected with one more.
    const corrected = await mark(appointment.id, { attendance: 'attended' });
    expect(corrected.body).toMatchObject({ changed: true, appointment: { attendance: 'attended' } });
  });

  it('a no-show keeps a paid deposit: never refunded, and the appointment can no longer be cancelled', async () => {
    const appointment = await book(deps, owner.sub, -2);
    await payDeposit(deps, owner.sub, appointment.id);
    const marked = await mark(appointment.id, { attendance: 'no_show' });
    expect(marked.body).toMatchObject({ changed: true, deposit_kept: true });
    const cancel = await callApi(
      app,
      'POST',
      `/oauth/users/${owner.sub}/appointments/${encodeURIComponent(appointment.id)}/cancel`,
      owner.tokens.IdToken,
    );
    expect(cancel.status).toBe(404);
    const stored = await deps.data.appointments.get(owner.sub, appointment.id);
    expect(stored).toMatchObject({ status: 'booked', attendance: 'no_show', deposit: { paid: true } });
    expect(stored?.deposit?.refunded_at).toBeUndefined();
  });

  it('refuses an appointment that has not started (409) or was cancelled (409), storing nothing', async () => {
    const future = await book(deps, owner.sub, 5);
    const early = await mark(future.id, { attendance: 'no_show' });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('appointment_not_started');
    const cancelled = await book(deps, owner.sub, -4);
    await deps.data.appointments.cancel(owner.sub, cancelled.id);
    const late = await mark(cancelled.id, { attendance: 'attended' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('appointment_cancelled');
    expect((await deps.data.appointments.get(owner.sub, future.id))?.attendance).toBeUndefined();
    expect((await deps.data.appointments.get(owner.sub, cancelled.id))?.attendance).toBeUndefined();
  });

  it('a cancellation and a mark racing: exactly one of them wins', async () => {
    for (let round = 0; round < 4; round += 1) {
      const appointment = await book(deps, owner.sub, -1);
      const [cancelled, marked] = await Promise.all([
        deps.data.appointments.cancel(owner.sub, appointment.id),
        mark(appointment.id, { attendance: 'no_show' }),
      ]);
      const stored = await deps.data.appointments.get(owner.sub, appointment.id);
      expect(Boolean(cancelled) !== (marked.status === 200)).toBe(true);
      expect(stored?.status === 'cancelled').toBe(stored?.attendance === undefined);
    }
  });

  it('parallel marks of one appointment: one write changes it, the rest find it marked', async () => {
    const appointment = await book(deps, owner.sub, -6);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => mark(appointment.id, { attendance: 'attended' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(answers.filter((a) => a.body.changed === true)).toHaveLength(1);
  });

  it('validates the body and the owner: bad mark 400, other owner 403, unknown id 404, no token 401', async () => {
    const appointment = await book(deps, owner.sub, -7);
    for (const body of [{}, { attendance: 'late' }, { attendance: 'attended', extra: 1 }]) {
      const response = await mark(appointment.id, body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBeTruthy();
      expect(response.body.message).toBeTruthy();
    }
    expect((await mark(appointment.id, { attendance: 'no_show' }, other)).status).toBe(403);
    expect((await mark(appointment.id, { attendance: 'no_show' }, other, other.sub)).status).toBe(404);
    expect((await mark('20261101T100000Z-0000beef', { attendance: 'no_show' })).status).toBe(404);
    const anonymous = await callApi(
      app,
      'POST',
      `/oauth/users/${owner.sub}/appointments/${appointment.id}/attendance`,
      undefined,
      { attendance: 'no_show' },
    );
    expect(anonymous.status).toBe(401);
    expect((await deps.data.appointments.get(owner.sub, appointment.id))?.attendance).toBeUndefined();
  });

  it('lists recent started appointments latest first, with their marks; and a conversation’s bookings', async () => {
    const older = await book(deps, owner.sub, -48, 'conv-attend-1');
    const newer = await book(deps, owner.sub, -8);
    const upcoming = await book(deps, owner.sub, 30, 'conv-attend-1');
    await mark(older.id, { attendance: 'attended' });
    const past = await callApi(
      app,
      'GET',
      `/oauth/users/${owner.sub}/appointments/past`,
      owner.tokens.IdToken,
    );
    expect(past.status).toBe(200);
    const ids = (past.body.appointments as Array<{ id: string }>).map((a) => a.id);
    expect(ids).not.toContain(upcoming.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(past.body.appointments).toContainEqual(
      expect.objectContaining({ id: older.id, attendance: 'attended' }),
    );
    const startedAt = new Date(Date.parse(older.starts_at) - 86_400_000).toISOString();
    const ofConversation = await callApi(
      app,
      'GET',
      `/oauth/users/${owner.sub}/conversations/conv-attend-1/appointments?started_at=${startedAt}`,
      owner.tokens.IdToken,
    );
    expect(ofConversation.status).toBe(200);
    expect((ofConversation.body.appointments as Array<{ id: string }>).map((a) => a.id).sort()).toEqual(
      [older.id, upcoming.id].sort(),
    );
    expect(
      (await callApi(app, 'GET', `/oauth/users/${owner.sub}/appointments/past`, other.tokens.IdToken)).status,
    ).toBe(403);
  });
});
