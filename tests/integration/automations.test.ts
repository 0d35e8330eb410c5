import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { API_KEYS_PER_OWNER, AUTOMATIONS_TEXTS, HOOKS_PER_OWNER } from '../../shared/automations';
import type { Conversation } from '../../shared/schemas/conversation';
import { WEBHOOK_SAMPLES, webhookEnvelopeSchema } from '../../shared/schemas/webhook-events';
import { OPENAPI_PATH } from '../../backend/src/entry/app';
import { createHookTargets } from '../../backend/src/capabilities/automations/index';
import { hashApiKey } from '../../backend/src/capabilities/automations/key-material';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { callApi, SAMPLE_BUSINESS_INFO } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

/**
 * API keys and REST hooks (docs/decisions/179-api-keys-and-rest-hooks.md): keys created on the dashboard
 * (shown once, stored hashed, limited per owner under parallel creates, revocable), the public API's
 * 401/403/ownership rules, subscribe/unsubscribe with the signing secret the sender gets back, samples and
 * the polling lists in the events' envelope.
 */
describe('automations: API keys and REST hooks', async () => {
  const { app, deps, doc, tableName, services, logLines } = await createTestApp();
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'hooks-owner'),
    createConfirmedUser(services, 'hooks-other'),
  ]);
  for (const user of [owner, other])
    expect(
      (await callApi(app, 'POST', '/oauth/config/create', user.tokens.IdToken, SAMPLE_BUSINESS_INFO)).status,
    ).toBe(201);
  const keysPath = (sub: string) => `/oauth/users/${sub}/api-keys`;

  const createKey = async (user: typeof owner, scope: 'read' | 'subscribe', name = `${scope} key`) => {
    const created = await callApi(app, 'POST', keysPath(user.sub), user.tokens.IdToken, { name, scope });
    expect(created.status).toBe(201);
    return created.body as { id: string; key: string; prefix: string; scope: string; name: string };
  };
  /** A call to the public API with an API key as a bearer token, or in the X-API-Key header. */
  const withKey = async (
    key: string | undefined,
    method: string,
    path: string,
    body?: unknown,
    header: 'bearer' | 'x-api-key' = 'bearer',
  ) => {
    if (header === 'bearer') return callApi(app, method, path, key, body);
    const response = await app.request(path, { method, headers: key ? { 'X-API-Key': key } : {} });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const subscribeBody = {
    target_url: 'https://hooks.zapier.com/hooks/standard/1/abc/',
    event: 'appointment.booked',
  };

  it('creates a key shown once, lists it by prefix without the key or its hash, and stores only the hash', async () => {
    const created = await createKey(owner, 'subscribe', 'Zapier');
    expect(created.key).toMatch(/^rk_live_[0-9A-Za-z]{40}$/);
    expect(created).toMatchObject({ name: 'Zapier', scope: 'subscribe', prefix: created.key.slice(0, 16) });
    const list = await callApi(app, 'GET', keysPath(owner.sub), owner.tokens.IdToken);
    expect(list.status).toBe(200);
    expect(list.body.limit).toBe(API_KEYS_PER_OWNER);
    const listed = (list.body.keys as Array<Record<string, unknown>>).find((k) => k.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Zapier',
      scope: 'subscribe',
      prefix: created.prefix,
      created_at: expect.any(String),
      last_used_at: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(created.key.slice(16));
    const { Item } = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.apiKey(owner.sub, created.id) }),
    );
    expect(Item?.key_hash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(Item)).not.toContain(created.key);
    expect(JSON.stringify(logLines)).not.toContain(created.key);
  });

  it('refuses a bad create: no name, an unknown scope, extra fields', async () => {
    for (const body of [
      { name: ' ', scope: 'read' },
      { name: 'x', scope: 'admin' },
      { name: 'x', scope: 'read', key: 'mine' },
    ]) {
      const refused = await callApi(app, 'POST', keysPath(owner.sub), owner.tokens.IdToken, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBeTruthy();
    }
  });

  it('holds the per-owner key limit under parallel creates', async () => {
    const limited = await createConfirmedUser(services, 'hooks-limit');
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.apiKeyCount(limited.sub), count: API_KEYS_PER_OWNER - 2 },
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        callApi(app, 'POST', keysPath(limited.sub), limited.tokens.IdToken, { name: `k${i}`, scope: 'read' }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(6);
    expect(refused[0]!.body).toMatchObject({
      error: 'limit_reached',
      message: AUTOMATIONS_TEXTS.keyLimitReached(API_KEYS_PER_OWNER),
    });
    const list = await callApi(app, 'GET', keysPath(limited.sub), limited.tokens.IdToken);
    expect(list.body.keys).toHaveLength(2);
  });

  it('answers 401 without a key or with a made-up one, and 403 for a read key on hooks', async () => {
    const missing = await withKey(undefined, 'GET', '/api/hooks/samples/appointment.booked');
    expect(missing).toMatchObject({
      status: 401,
      body: { error: 'unauthorized', message: AUTOMATIONS_TEXTS.missingKey },
    });
    const madeUp = await withKey(`rk_live_${'A'.repeat(40)}`, 'GET', '/api/hooks/samples/appointment.booked');
    expect(madeUp).toMatchObject({ status: 401, body: { message: AUTOMATIONS_TEXTS.invalidKey } });
    const malformed = await withKey('not-a-key', 'GET', '/api/hooks/samples/appointment.booked');
    expect(malformed.status).toBe(401);
    // A Cognito token is not an API key.
    const cognito = await withKey(owner.tokens.IdToken, 'GET', '/api/hooks/poll/conversations');
    expect(cognito.status).toBe(401);

    const reader = await createKey(owner, 'read');
    const forbidden = await withKey(reader.key, 'POST', '/api/hooks', subscribeBody);
    expect(forbidden).toMatchObject({
      status: 403,
      body: { message: AUTOMATIONS_TEXTS.wrongScope('subscribe') },
    });
    expect((await withKey(reader.key, 'DELETE', '/api/hooks/hook_x')).status).toBe(403);
    const samples = await withKey(
      reader.key,
      'GET',
      '/api/hooks/samples/message.taken',
      undefined,
      'x-api-key',
    );
    expect(samples.status).toBe(200);
  });

  it('serves each event’s sample as a list of one envelope carrying the business id', async () => {
    const reader = await createKey(owner, 'read');
    const config = await deps.data.businessConfigs.getConfig(owner.sub);
    const answer = await withKey(reader.key, 'GET', '/api/hooks/samples/deposit.paid');
    expect(answer.status).toBe(200);
    const list = answer.body as unknown as unknown[];
    expect(list).toHaveLength(1);
    expect(webhookEnvelopeSchema.parse(list[0])).toMatchObject({
      type: 'deposit.paid',
      business_id: config!.business_id,
      data: WEBHOOK_SAMPLES['deposit.paid'],
    });
    expect((await withKey(reader.key, 'GET', '/api/hooks/samples/no.such.event')).status).toBe(400);
  });

  it('subscribes a hook, gives the sender its URL and secret, and unsubscribes only the owner’s own', async () => {
    const subscriber = await createKey(owner, 'subscribe');
    const created = await withKey(subscriber.key, 'POST', '/api/hooks', subscribeBody);
    expect(created.status).toBe(201);
    const hook = created.body as { id: string; secret: string; event: string; target_url: string };
    expect(hook).toMatchObject({ event: 'appointment.booked', target_url: subscribeBody.target_url });
    expect(hook.secret).toMatch(/^whsec_/);
    expect(Buffer.from(hook.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const { Item } = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.hook(owner.sub, hook.id) }),
    );
    expect(JSON.stringify(Item)).not.toContain(hook.secret.slice(6));

    const hookTargetsFor = createHookTargets(deps);
    expect(await hookTargetsFor(owner.sub, 'appointment.booked')).toContainEqual({
      kind: 'hook',
      id: hook.id,
      url: subscribeBody.target_url,
      secrets: [hook.secret],
    });
    expect((await hookTargetsFor(owner.sub, 'message.taken')).map((t) => t.id)).not.toContain(hook.id);
    expect(await hookTargetsFor(other.sub, 'appointment.booked')).toEqual([]);

    // Another owner's key cannot remove it (404, as for an unknown id), nor can a made-up id.
    const outsider = await createKey(other, 'subscribe');
    expect((await withKey(outsider.key, 'DELETE', `/api/hooks/${hook.id}`)).status).toBe(404);
    expect((await withKey(subscriber.key, 'DELETE', '/api/hooks/hook_unknown')).status).toBe(404);
    expect((await hookTargetsFor(owner.sub, 'appointment.booked')).map((t) => t.id)).toContain(hook.id);
    const removed = await withKey(subscriber.key, 'DELETE', `/api/hooks/${hook.id}`);
    expect(removed).toEqual({ status: 200, body: { id: hook.id, deleted: true } });
    expect((await hookTargetsFor(owner.sub, 'appointment.booked')).map((t) => t.id)).not.toContain(hook.id);
    expect((await withKey(subscriber.key, 'DELETE', `/api/hooks/${hook.id}`)).status).toBe(404);
  });

  it('refuses bad targets and events with a clear 400, storing nothing', async () => {
    const subscriber = await createKey(other, 'subscribe');
    const before = await createHookTargets(deps)(other.sub, 'appointment.booked');
    for (const body of [
      { target_url: 'not a url', event: 'appointment.booked' },
      { target_url: 'http://169.254.169.254/latest', event: 'appointment.booked' },
      { target_url: 'https://hooks.zapier.com/x', event: 'appointment.exploded' },
      { target_url: 'https://hooks.zapier.com/x' },
    ]) {
      const refused = await withKey(subscriber.key, 'POST', '/api/hooks', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toBeTruthy();
    }
    expect(await createHookTargets(deps)(other.sub, 'appointment.booked')).toEqual(before);
  });

  it('holds the per-owner hook limit under parallel subscribes', async () => {
    const limited = await createConfirmedUser(services, 'hooks-many');
    const subscriber = await createKey(limited, 'subscribe');
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.hookCount(limited.sub), count: HOOKS_PER_OWNER - 3 },
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        withKey(subscriber.key, 'POST', '/api/hooks', {
          ...subscribeBody,
          target_url: `https://example.com/h/${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await createHookTargets(deps)(limited.sub, 'appointment.booked')).toHaveLength(3);
  });

  it('revoking a key answers 401 at once and removes the hooks it subscribed', async () => {
    const subscriber = await createKey(owner, 'subscribe', 'to revoke');
    const hook = (
      await withKey(subscriber.key, 'POST', '/api/hooks', { ...subscribeBody, event: 'message.taken' })
    ).body as { id: string };
    expect((await withKey(subscriber.key, 'GET', '/api/hooks/poll/conversations')).status).toBe(200);
    const listed = (await callApi(app, 'GET', keysPath(owner.sub), owner.tokens.IdToken)).body.keys as Array<{
      id: string;
      last_used_at: string | null;
    }>;
    expect(listed.find((k) => k.id === subscriber.id)?.last_used_at).toEqual(expect.any(String));

    // Another owner cannot revoke it (403 on the path), and an unknown key is a 404.
    expect(
      (await callApi(app, 'DELETE', `${keysPath(owner.sub)}/${subscriber.id}`, other.tokens.IdToken)).status,
    ).toBe(403);
    expect(
      (await callApi(app, 'DELETE', `${keysPath(owner.sub)}/key_unknown`, owner.tokens.IdToken)).status,
    ).toBe(404);
    const revoked = await callApi(
      app,
      'DELETE',
      `${keysPath(owner.sub)}/${subscriber.id}`,
      owner.tokens.IdToken,
    );
    expect(revoked).toEqual({ status: 200, body: { id: subscriber.id, revoked: true, hooks_removed: 1 } });
    const after = await withKey(subscriber.key, 'GET', '/api/hooks/poll/conversations');
    expect(after).toMatchObject({ status: 401, body: { message: AUTOMATIONS_TEXTS.invalidKey } });
    expect((await createHookTargets(deps)(owner.sub, 'message.taken')).map((t) => t.id)).not.toContain(
      hook.id,
    );
    const list = await callApi(app, 'GET', keysPath(owner.sub), owner.tokens.IdToken);
    expect((list.body.keys as Array<{ id: string }>).map((k) => k.id)).not.toContain(subscriber.id);
    // A subscribe that raced the revocation (its key read before, its write after) stores nothing.
    const late = await deps.data.hooks.subscribe(owner.sub, {
      hook_id: 'hook_late',
      event: 'message.taken',
      target_url: subscribeBody.target_url,
      secret_enc: 'sealed',
      key_id: subscriber.id,
    });
    expect(late).toEqual({ kind: 'key_revoked' });
    expect(await deps.data.hooks.get(owner.sub, 'hook_late')).toBeUndefined();
    expect(
      (await callApi(app, 'DELETE', `${keysPath(owner.sub)}/${subscriber.id}`, owner.tokens.IdToken)).status,
    ).toBe(404);
  });

  it('polls the latest finished conversations and appointment changes, newest first, in event envelopes', async () => {
    const reader = await createKey(other, 'read');
    const config = await deps.data.businessConfigs.getConfig(other.sub);
    const base = {
      business_id: config!.business_id,
      transcript: [{ role: 'caller', text: 'Hi' }],
      objectives_met: {},
      amount_collected_cents: 0,
      escalated: false,
    } as const;
    const record = (id: string, startedAt: string, extra: Partial<Conversation> = {}): Conversation =>
      ({
        ...base,
        id,
        channel: 'sms',
        caller: '+15125550100',
        started_at: startedAt,
        ended_at: new Date(Date.parse(startedAt) + 60_000).toISOString(),
        outcome: 'booked',
        summary: `Conversation ${id}`,
        ...extra,
      }) as Conversation;
    await deps.data.conversations.saveConversations(other.sub, [
      record('c1', '2026-11-20T10:00:00.000Z'),
      record('c2', '2026-11-21T10:00:00.000Z', { language: 'es' }),
      record('c3', '2026-11-22T10:00:00.000Z', { channel: 'test' }),
      record('c4', '2026-11-23T10:00:00.000Z', { open: true }),
      record('c5', '2026-11-24T10:00:00.000Z'),
    ]);
    const polled = await withKey(reader.key, 'GET', '/api/hooks/poll/conversations?limit=2');
    expect(polled.status).toBe(200);
    const conversations = polled.body as unknown as Array<{
      id: string;
      type: string;
      data: Record<string, unknown>;
    }>;
    expect(conversations.map((c) => c.id)).toEqual([
      'conversation.completed:c5',
      'conversation.completed:c2',
    ]);
    for (const envelope of conversations) webhookEnvelopeSchema.parse(envelope);
    expect(conversations[1]!.data).toMatchObject({ conversation_id: 'c2', language: 'es', channel: 'sms' });
    expect(conversations[1]!.data).not.toHaveProperty('transcript');
    expect((await withKey(reader.key, 'GET', '/api/hooks/poll/conversations?limit=500')).status).toBe(400);

    // Slots start on whole minutes, as the assistant books them (an appointment's id holds its start).
    const soon = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000);
    const slot = (hours: number) => new Date(soon.getTime() + hours * 3_600_000).toISOString();
    const book = async (hours: number, name: string) => {
      const booked = await deps.data.appointments.book(other.sub, {
        starts_at: slot(hours),
        ends_at: slot(hours + 1),
        customer_name: name,
        customer_phone: '+15125550100',
        service: 'Haircut',
        conversation_id: null,
        channel: null,
        deposit: null,
      });
      if (!booked.ok) throw new Error('slot taken');
      return booked.appointment;
    };
    const first = await book(1, 'First');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await book(5, 'Second');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await deps.data.appointments.cancel(other.sub, first.id)).toMatchObject({ status: 'cancelled' });
    const appointments = (await withKey(reader.key, 'GET', '/api/hooks/poll/appointments'))
      .body as unknown as Array<{
      id: string;
      type: string;
    }>;
    expect(appointments.map((a) => [a.type, a.id])).toEqual([
      ['appointment.cancelled', `appointment.cancelled:${first.id}`],
      ['appointment.booked', `appointment.booked:${second.id}`],
    ]);
    const bookedOnly = (
      await withKey(reader.key, 'GET', '/api/hooks/poll/appointments?event=appointment.booked')
    ).body as unknown as Array<{ data: { customer_name: string } }>;
    expect(bookedOnly.map((a) => a.data.customer_name)).toEqual(['Second']);

    // A move is one appointment.moved saying where it was: its old item is not listed as a cancellation.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const moved = await deps.data.appointments.reschedule(other.sub, second.id, {
      starts_at: slot(7),
      ends_at: slot(8),
    });
    if (!moved.ok) throw new Error('move refused');
    const afterMove = (await withKey(reader.key, 'GET', '/api/hooks/poll/appointments'))
      .body as unknown as Array<{
      id: string;
      type: string;
      data: { previous_starts_at: string | null; starts_at: string };
    }>;
    expect(afterMove.map((a) => [a.type, a.id])).toEqual([
      ['appointment.moved', `appointment.moved:${moved.appointment.id}`],
      ['appointment.cancelled', `appointment.cancelled:${first.id}`],
    ]);
    expect(afterMove[0]!.data).toMatchObject({ starts_at: slot(7), previous_starts_at: second.starts_at });
    const movedOnly = (
      await withKey(reader.key, 'GET', '/api/hooks/poll/appointments?event=appointment.moved')
    ).body as unknown as Array<{ id: string }>;
    expect(movedOnly.map((a) => a.id)).toEqual([`appointment.moved:${moved.appointment.id}`]);
  });

  it('documents the public routes with the API-key security schemes', async () => {
    const document = (await (await app.request(OPENAPI_PATH)).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.components.securitySchemes).toMatchObject({
      apiKeyBearer: { type: 'http', scheme: 'bearer' },
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    });
    for (const [path, method] of [
      ['/api/hooks', 'post'],
      ['/api/hooks/{id}', 'delete'],
      ['/api/hooks/samples/{event}', 'get'],
      ['/api/hooks/poll/conversations', 'get'],
      ['/api/hooks/poll/appointments', 'get'],
    ] as const)
      expect(document.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([
        { apiKeyBearer: [] },
        { apiKeyHeader: [] },
      ]);
    expect(document.paths['/oauth/users/{userId}/api-keys']?.post?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('account deletion erases the keys’ hash lookups too', async () => {
    const leaving = await createConfirmedUser(services, 'hooks-leaving');
    const created = await createKey(leaving, 'read');
    expect((await withKey(created.key, 'GET', '/api/hooks/samples/caller.opted_out')).status).toBe(200);
    await deps.data.ownerDataErasure.erase(leaving.sub, undefined);
    const { Item } = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.apiKeyLookup(hashApiKey(created.key)) }),
    );
    expect(Item).toBeUndefined();
    expect((await withKey(created.key, 'GET', '/api/hooks/samples/caller.opted_out')).status).toBe(401);
  });
});
