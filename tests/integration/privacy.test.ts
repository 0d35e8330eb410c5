import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys, userKey } from '../../backend/src/platform/dynamo/keys';
import type { Conversation } from '../../shared/schemas/conversation';
import { callApi } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const CALLER = '+14155550188';
const OTHER_CALLER = '+14155550199';
const DAY = 86_400;

const record = (id: string, caller: string, startedAt: string): Conversation => ({
  id,
  business_id: 'biz',
  channel: 'sms',
  caller,
  started_at: startedAt,
  ended_at: startedAt,
  transcript: [{ speaker: 'caller', text: `Hi, this is ${caller}`, at: startedAt }],
  objectives_met: {},
  amount_collected_cents: 0,
  escalated: false,
  outcome: 'answered',
});

describe('Privacy: retention by TTL and erasing one caller', async () => {
  const { app, deps, doc, tableName, services } = await createTestApp();
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'privacy-owner'),
    createConfirmedUser(services, 'privacy-other'),
  ]);
  await deps.data.businessConfigs.createConfig(owner.sub, {
    business_name: 'Bella Hair Studio',
    phone_number: '+14155550142',
    address: '1 Main St, San Francisco, CA',
  });
  const call = (method: string, path: string, body?: unknown, user = owner) =>
    callApi(app, method, `/oauth/users/${user.sub}${path}`, user.tokens.IdToken, body);
  const partition = async () =>
    (
      await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': userKey(owner.sub) },
        }),
      )
    ).Items ?? [];
  const expiresAtOf = async (startedAt: string, id: string) =>
    (
      await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.conversation(owner.sub, startedAt, id) }),
      )
    ).Item?.expires_at as number | undefined;

  it("stamps the engine's records with the owner's period, and moves stored ones when it changes", async () => {
    expect((await call('GET', '/privacy')).body).toEqual({ transcript_retention_days: 365 });
    // A conversation through the engine (the owner's test chat) is stored with a year's expiry.
    const chat = await call('POST', '/test-chat', { text: 'Where are you located?' });
    expect(chat.status).toBe(200);
    const stored = await deps.data.conversations.listConversations(
      owner.sub,
      new Date(0),
      new Date(Date.now() + DAY * 1000),
    );
    expect(stored).toHaveLength(1);
    const started = stored[0]!.started_at;
    expect(await expiresAtOf(started, stored[0]!.id)).toBe(
      Math.floor(Date.parse(started) / 1000) + 365 * DAY,
    );

    const shorter = await call('PUT', '/privacy', { transcript_retention_days: 30 });
    expect(shorter.body).toEqual({ transcript_retention_days: 30, records_updated: 1 });
    expect(await expiresAtOf(started, stored[0]!.id)).toBe(Math.floor(Date.parse(started) / 1000) + 30 * DAY);
    // The next conversation is stored with the new period from the start.
    await call('POST', '/test-chat', {
      text: 'What are your hours?',
      conversation_id: chat.body.conversation_id,
    });
    expect(await expiresAtOf(started, stored[0]!.id)).toBe(Math.floor(Date.parse(started) / 1000) + 30 * DAY);
    expect((await call('GET', '/privacy')).body).toEqual({ transcript_retention_days: 30 });
  });

  it('refuses periods it does not offer and other owners', async () => {
    for (const bad of [{ transcript_retention_days: 45 }, { transcript_retention_days: '30' }, {}]) {
      const response = await call('PUT', '/privacy', bad);
      expect(response.status).toBe(400);
    }
    expect(
      (
        await callApi(app, 'PUT', `/oauth/users/${owner.sub}/privacy`, other.tokens.IdToken, {
          transcript_retention_days: 90,
        })
      ).status,
    ).toBe(403);
    expect((await call('GET', '/privacy')).body).toEqual({ transcript_retention_days: 30 });
    expect((await call('GET', '/privacy', undefined, other)).status).toBe(404);
  });

  it("erases every item about one caller from the owner's data, and nothing about anyone else", async () => {
    const now = new Date();
    await deps.data.conversations.saveConversations(owner.sub, [
      record('gone-1', CALLER, new Date(now.getTime() - 3_600_000).toISOString()),
      record('gone-2', CALLER, new Date(now.getTime() - 7_200_000).toISOString()),
      record('kept-1', OTHER_CALLER, new Date(now.getTime() - 5_400_000).toISOString()),
    ]);
    await deps.data.conversationStates.claimThread(owner.sub, 'sms', CALLER, 'gone-1', new Date(0), now);
    const start = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + 48 * 3_600_000);
    for (const [phone, at] of [
      [CALLER, start],
      [OTHER_CALLER, new Date(start.getTime() + 3_600_000)],
    ] as const) {
      const booked = await deps.data.appointments.book(owner.sub, {
        starts_at: at.toISOString(),
        ends_at: new Date(at.getTime() + 1_800_000).toISOString(),
        customer_name: 'Someone',
        customer_phone: phone,
        service: 'Cut',
        conversation_id: null,
        channel: 'sms',
        deposit: null,
      });
      expect(booked.ok).toBe(true);
    }
    await deps.data.ownerMessages.save(owner.sub, {
      conversation_id: 'gone-1',
      name: 'Ana',
      callback_number: CALLER,
      reason: 'Call me back',
      channel: 'sms',
    });
    const mentions = (items: Array<Record<string, unknown>>, phone: string) =>
      items.filter((item) => JSON.stringify(item).includes(phone));
    expect(mentions(await partition(), CALLER).length).toBeGreaterThanOrEqual(5);

    const erased = await call('POST', '/callers/erase', { phone: '(415) 555-0188' });
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({
      phone: CALLER,
      erased: { conversations: 2, appointments: 1, messages: 1, recordings: 0 },
    });
    expect(mentions(await partition(), CALLER)).toEqual([]);
    expect(await deps.data.conversationStates.get('gone-1')).toBeUndefined();
    expect(mentions(await partition(), OTHER_CALLER)).toHaveLength(2);
    // The erased booking's time is free again: its hold left the staff member's ledger with it.
    const rebooked = await deps.data.appointments.book(owner.sub, {
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + 1_800_000).toISOString(),
      customer_name: 'Next',
      customer_phone: '+14155550999',
      service: 'Cut',
      conversation_id: null,
      channel: 'sms',
      deposit: null,
    });
    expect(rebooked.ok).toBe(true);
    await deps.data.appointments.release(owner.sub, rebooked.ok ? rebooked.appointment.id : '');
    // Erasing again finds nothing; a malformed number or another owner is refused.
    expect((await call('POST', '/callers/erase', { phone: CALLER })).body.erased).toEqual({
      conversations: 0,
      appointments: 0,
      messages: 0,
      recordings: 0,
    });
    expect((await call('POST', '/callers/erase', { phone: '12' })).status).toBe(400);
    expect(
      (
        await callApi(app, 'POST', `/oauth/users/${owner.sub}/callers/erase`, other.tokens.IdToken, {
          phone: OTHER_CALLER,
        })
      ).status,
    ).toBe(403);
    expect(mentions(await partition(), OTHER_CALLER)).toHaveLength(2);
  });
});
