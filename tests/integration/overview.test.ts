import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import type { Conversation } from '../../shared/schemas/conversation';
import type { OverviewResponse } from '../../shared/schemas/overview';
import { approveTexting } from '../support/assistant-line';
import { callApi } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { storeSubscription } from '../support/subscriptions';
import { createTestApp } from '../support/test-app';

/** Wednesday 2026-11-25, 10:00 in New York: this week began Monday 23rd at 05:00 UTC, today at 05:00 UTC. */
const NOW = new Date('2026-11-25T15:00:00.000Z');
const WEEKDAYS_9_TO_5 = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']
  .map((day) => `${day}: 9:00 AM – 5:00 PM`)
  .concat(['Saturday: Closed', 'Sunday: Closed']);

function record(
  id: string,
  started_at: string,
  overrides: Partial<Conversation> & { answeredAfterMs?: number } = {},
): Conversation {
  const { answeredAfterMs, ...rest } = overrides;
  return {
    id,
    business_id: 'biz-overview',
    channel: 'voice',
    caller: '+14155550100',
    started_at,
    ended_at: new Date(Date.parse(started_at) + 60_000).toISOString(),
    transcript: [{ speaker: 'caller', text: 'Hello', at: started_at }],
    objectives_met: {},
    amount_collected_cents: 0,
    escalated: false,
    outcome: 'answered',
    open: false,
    ...(answeredAfterMs !== undefined
      ? { answered_at: new Date(Date.parse(started_at) + answeredAfterMs).toISOString() }
      : {}),
    ...rest,
  };
}

describe('Overview: today and this week on the business clock, live calls, time to answer, real status', async () => {
  const { app, deps, doc, tableName, services } = await createTestApp({}, { now: () => NOW });
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'overview-owner'),
    createConfirmedUser(services, 'overview-other'),
  ]);
  const setUpOwner = async (userId: string, assistantPhone?: string) => {
    await deps.data.businessConfigs.createConfig(userId, {
      business_name: 'Bella Hair Studio',
      phone_number: '+14155550142',
      address: '1 Main St, New York, NY',
    });
    await deps.data.businessConfigs.updateConfigFields(userId, {
      time_zone: 'America/New_York',
      business_hours: { weekday_text: WEEKDAYS_9_TO_5 },
      ...(assistantPhone ? { assistant_phone: assistantPhone } : {}),
    });
  };
  await setUpOwner(owner.sub, '+12125550199');
  await storeSubscription(deps, owner.sub, 'active');
  // Registered for texting (decision 169's seed rule): texts are not what these tests are about.
  await approveTexting(deps, owner.sub);

  await deps.data.conversations.saveConversations(owner.sub, [
    // Two weeks ago, and Sunday 23:30 in New York (already Monday in UTC): last week, not counted.
    record('old', '2026-11-10T15:00:00.000Z', { outcome: 'booked', answeredAfterMs: 60_000 }),
    record('sunday-late', '2026-11-23T04:30:00.000Z', { outcome: 'booked', answeredAfterMs: 60_000 }),
    // Monday 0:30 (closed): a missed call saved, booked this week.
    record('monday-night', '2026-11-23T05:30:00.000Z', { outcome: 'booked', answeredAfterMs: 900 }),
    // Tuesday 23:30 in New York (Wednesday in UTC): this week, not today; closed, so saved.
    record('tuesday-late', '2026-11-25T04:30:00.000Z', { answeredAfterMs: 1300 }),
    // Today: a text at 0:10 (texts are never "missed calls"), a paid deposit, a live call, a test.
    record('today-sms', '2026-11-25T05:10:00.000Z', {
      channel: 'sms',
      outcome: 'message_taken',
      answeredAfterMs: 2000,
    }),
    record('today-deposit', '2026-11-25T14:30:00.000Z', {
      channel: 'sms',
      outcome: 'deposit_paid',
      amount_collected_cents: 2500,
      answeredAfterMs: 3000,
    }),
    record('live-call', '2026-11-25T14:58:00.000Z', { open: true, answeredAfterMs: 1100 }),
    record('owner-test', '2026-11-25T14:40:00.000Z', { channel: 'test', outcome: 'booked', open: true }),
  ]);
  // Messages: one taken now (waiting), one handled, one last week.
  await deps.data.ownerMessages.save(owner.sub, {
    conversation_id: 'today-sms',
    name: 'Sam',
    callback_number: '+14155550100',
    reason: 'Llámenme, por favor',
    channel: 'sms',
    language: 'es',
  });
  const putMessage = (id: string, takenAt: string, handledAt?: string) =>
    doc.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.ownerMessage(owner.sub, takenAt, id),
          id,
          conversation_id: 'monday-night',
          name: `Caller ${id}`,
          callback_number: '+14155550100',
          reason: 'Please call back',
          channel: 'voice',
          taken_at: takenAt,
          ...(handledAt ? { handled_at: handledAt } : {}),
        },
      }),
    );
  await putMessage('handled', '2026-11-24T15:00:00.000Z', '2026-11-24T16:00:00.000Z');
  await putMessage('monday', '2026-11-23T15:00:00.000Z');
  await putMessage('last-week', '2026-11-20T15:00:00.000Z');
  // Appointments: two ahead (one cancelled), one already past.
  const appointment = (starts_at: string) => ({
    starts_at,
    ends_at: new Date(Date.parse(starts_at) + 30 * 60_000).toISOString(),
    customer_name: 'Sam Lee',
    customer_phone: '+14155550100',
    service: 'Haircut',
    conversation_id: 'monday-night',
    channel: 'voice',
    deposit: null,
  });
  await deps.data.appointments.book(owner.sub, appointment('2026-11-24T15:00:00.000Z'));
  const cancelled = await deps.data.appointments.book(owner.sub, appointment('2026-11-26T15:00:00.000Z'));
  if (cancelled.ok) await deps.data.appointments.cancel(owner.sub, cancelled.appointment.id);
  await deps.data.appointments.book(owner.sub, appointment('2026-11-27T16:00:00.000Z'));

  const overviewOf = async (user = owner, userId = owner.sub) => {
    const response = await callApi(app, 'GET', `/oauth/users/${userId}/overview`, user.tokens.IdToken);
    expect(response.status).toBe(200);
    return response.body as OverviewResponse;
  };

  it('counts today and this week in the business time zone, never test conversations', async () => {
    const overview = await overviewOf();
    expect(overview.time_zone).toBe('America/New_York');
    expect(overview.today).toEqual({
      conversations: 3,
      bookings: 1,
      deposits_collected_cents: 2500,
      messages_waiting: 1,
      missed_calls_saved: 0,
    });
    expect(overview.this_week).toEqual({
      conversations: 5,
      bookings: 2,
      deposits_collected_cents: 2500,
      messages_waiting: 2,
      missed_calls_saved: 2,
    });
  });

  it('shows the live call, the next booked appointments and the median time to answer this week', async () => {
    const overview = await overviewOf();
    expect(overview.live_calls).toEqual([
      { id: 'live-call', caller: '+14155550100', started_at: '2026-11-25T14:58:00.000Z' },
    ]);
    expect(overview.upcoming_appointments.map((a) => a.starts_at)).toEqual(['2026-11-27T16:00:00.000Z']);
    // Voice 900, 1100, 1300; SMS 2000, 3000 (last week's 60 s answers are outside the week).
    expect(overview.time_to_answer).toEqual({
      median_ms: 1300,
      voice_median_ms: 1100,
      sms_median_ms: 2500,
      samples: 5,
    });
    expect(overview.status).toEqual({ state: 'active', label: 'Active', issues: [] });
  });

  it('moves as new conversations come in', async () => {
    const before = await overviewOf();
    await deps.data.conversations.saveConversations(owner.sub, [
      record('new-booking', '2026-11-25T14:59:00.000Z', { outcome: 'booked' }),
    ]);
    const after = await overviewOf();
    expect(after.today.conversations).toBe(before.today.conversations + 1);
    expect(after.today.bookings).toBe(before.today.bookings + 1);
    expect(after.this_week.conversations).toBe(before.this_week.conversations + 1);
  });

  it('says why the assistant is paused or needs attention, with every problem listed', async () => {
    await storeSubscription(deps, owner.sub, 'past_due');
    expect((await overviewOf()).status).toEqual({
      state: 'paused',
      label: 'Paused',
      issues: [{ kind: 'payment_failed' }],
    });
    await storeSubscription(deps, owner.sub, 'canceled');
    expect((await overviewOf()).status.issues).toEqual([{ kind: 'subscription_lapsed' }]);
    await storeSubscription(deps, owner.sub, 'active');

    await deps.data.calendarConnections.saveConnected(owner.sub, 'calendly', {
      access_token_enc: 'v1.sealed',
      refresh_token_enc: 'v1.sealed-refresh',
      token_expires_at: NOW.getTime() - 60_000,
    });
    // Due but refreshable: not expired.
    expect((await overviewOf()).status.state).toBe('active');
    // Calendly did not answer the last time (decision 142): told calmly, still Active, nothing to click.
    await deps.data.calendarConnections.noteSyncFailed(owner.sub, 'calendly');
    const failedAt = (await deps.data.calendarConnections.list(owner.sub)).find(
      (c) => c.service === 'calendly',
    )?.last_sync_failed_at;
    expect(failedAt).toBeDefined();
    expect((await overviewOf()).status).toEqual({
      state: 'active',
      label: 'Active',
      issues: [{ kind: 'calendar_unreachable', service: 'calendly' }],
    });
    // The next use that works clears it, and the Overview with it.
    await deps.data.calendarConnections.noteSyncWorked(owner.sub, 'calendly', failedAt!);
    expect((await overviewOf()).status).toEqual({ state: 'active', label: 'Active', issues: [] });
    await deps.data.calendarConnections.noteSyncFailed(owner.sub, 'calendly');
    await deps.data.calendarConnections.markExpired(owner.sub, 'calendly');
    expect((await overviewOf()).status).toEqual({
      state: 'attention',
      label: 'Needs attention',
      issues: [{ kind: 'calendar_expired', service: 'calendly' }],
    });

    // The other owner has no number and no subscription yet.
    await setUpOwner(other.sub);
    const theirs = await overviewOf(other, other.sub);
    expect(theirs.status.issues).toEqual([{ kind: 'subscription_lapsed' }, { kind: 'no_number' }]);
    // With a number and a subscription but no texting registration: it answers, texts wait (decision 169).
    await deps.data.businessConfigs.updateConfigFields(other.sub, { assistant_phone: '+12125550198' });
    await storeSubscription(deps, other.sub, 'active');
    expect((await overviewOf(other, other.sub)).status).toEqual({
      state: 'attention',
      label: 'Needs attention',
      issues: [{ kind: 'texting_not_registered', registration_state: 'not_started' }],
    });
    expect(theirs.this_week.conversations).toBe(0);
  });

  it('lists the waiting messages; marking one handled stops it counting, once, even clicked in parallel', async () => {
    const before = await overviewOf();
    expect(before.waiting_messages.map((m) => m.name)).toEqual(['Sam', 'Caller monday']);
    // A message left in Spanish says so (the dashboard badges it); older ones have no language.
    expect(before.waiting_messages.map((m) => m.language)).toEqual(['es', undefined]);
    const monday = before.waiting_messages[1]!;
    const mark = (body: unknown, user = owner, id = monday.id) =>
      callApi(app, 'POST', `/oauth/users/${owner.sub}/messages/${id}/handled`, user.tokens.IdToken, body);
    const marks = await Promise.all(Array.from({ length: 5 }, () => mark({ taken_at: monday.taken_at })));
    expect(marks.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(marks.map((r) => r.body.handled_at)).size).toBe(1);
    const after = await overviewOf();
    expect(after.this_week.messages_waiting).toBe(before.this_week.messages_waiting - 1);
    expect(after.waiting_messages.map((m) => m.name)).toEqual(['Sam']);

    // Bad input, someone else's message, one that does not exist.
    expect((await mark({})).status).toBe(400);
    expect((await mark({ taken_at: monday.taken_at, extra: 1 })).status).toBe(400);
    expect((await mark({ taken_at: monday.taken_at }, other)).status).toBe(403);
    const missing = await mark({ taken_at: '2026-11-23T15:00:00.000Z' }, owner, 'no-such-message');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'not_found', message: 'Message not found' });
  });

  it("refuses another owner's overview (403) and a missing token (401)", async () => {
    const response = await callApi(app, 'GET', `/oauth/users/${owner.sub}/overview`, other.tokens.IdToken);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await callApi(app, 'GET', `/oauth/users/${owner.sub}/overview`)).status).toBe(401);
  });
});
