import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, WEBHOOK_SAMPLES } from '../../shared/schemas/webhook-events';
import { WEBHOOK_LIMITS, WEBHOOK_TEXTS } from '../../shared/webhooks';
import { verifyWebhook } from '../../backend/src/capabilities/webhooks/index';
import { zonedInstant } from '../../shared/receptionist/business-time';
import { callApi } from '../support/api-calls';
import { createAssistantLine } from '../support/assistant-line';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';
import { postSignedSms } from '../support/signed-sms';
import { createNotificationJobs } from '../../backend/src/capabilities/notifications/index';

type Received = { headers: http.IncomingHttpHeaders; body: string; path: string };

/** A receiver on this machine: answers each path's scripted statuses in turn (then 200), records every request. */
async function startReceiver() {
  const received: Received[] = [];
  const scripts = new Map<string, number[]>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ headers: request.headers, body, path });
      const status = scripts.get(path)?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : 'down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    url: (path: string, statuses: number[] = []) => {
      scripts.set(path, [...statuses]);
      return `${base}${path}`;
    },
    on: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks check, recomputed here without the app's code. */
function independentlyValid(secret: string, request: Received) {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest('base64')}`;
  return String(request.headers['webhook-signature']).split(' ').includes(expected);
}

const NOW = new Date('2027-02-01T15:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe('signed outbound webhooks', async () => {
  const receiver = await startReceiver();
  afterAll(() => receiver.close());
  let clock = NOW;
  const { app, deps, services } = await createTestApp(
    { WEBHOOK_LOCAL_ALLOWED_HOSTS: '127.0.0.1' },
    { now: () => clock },
  );
  const sweep = async (at: Date) => {
    const response = await app.request(`/local/notifications/run?jobs=sweep&at=${at.toISOString()}`, {
      method: 'POST',
    });
    expect(response.status).toBe(200);
    await deps.webhooks.sender.settled();
  };
  const owner = async (name: string) => {
    const user = await createConfirmedUser(services, `${name}-${randomUUID().slice(0, 6)}`);
    return { sub: user.sub, token: user.tokens.IdToken, base: `/oauth/users/${user.sub}/webhooks` };
  };

  it('adds an endpoint (secret once), refuses unsafe URLs, bad input and other owners', async () => {
    const me = await owner('wh-crud');
    const other = await owner('wh-other');
    const created = await callApi(app, 'POST', me.base, me.token, {
      url: receiver.url('/crud'),
      events: ['appointment.booked', 'appointment.booked', 'message.taken'],
    });
    expect(created.status).toBe(201);
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const endpoint = created.body.endpoint as Record<string, unknown>;
    expect(endpoint).toMatchObject({ events: ['appointment.booked', 'message.taken'], status: 'active' });
    const listed = await callApi(app, 'GET', me.base, me.token);
    expect(listed.body.endpoints).toEqual([endpoint]);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(6));

    for (const [url, reason] of [
      ['http://10.0.0.8/hook', WEBHOOK_TEXTS.httpsOnly],
      ['https://10.0.0.8/hook', WEBHOOK_TEXTS.privateAddress],
      ['https://[::ffff:127.0.0.1]/hook', WEBHOOK_TEXTS.privateAddress],
      ['https://169.254.169.254/latest', WEBHOOK_TEXTS.privateAddress],
      ['http://localhost:9/hook', WEBHOOK_TEXTS.httpsOnly],
    ] as const) {
      const refused = await callApi(app, 'POST', me.base, me.token, { url, events: ['message.taken'] });
      expect(refused.status, url).toBe(400);
      expect(refused.body.message).toBe(reason);
    }
    expect(
      (await callApi(app, 'POST', me.base, me.token, { url: receiver.url('/x'), events: [] })).status,
    ).toBe(400);
    expect(
      (await callApi(app, 'POST', me.base, me.token, { url: receiver.url('/x'), events: ['nope'] })).status,
    ).toBe(400);
    expect((await callApi(app, 'GET', me.base, other.token)).status).toBe(403);
    expect((await callApi(app, 'GET', me.base)).status).toBe(401);

    const id = endpoint.id as string;
    const patched = await callApi(app, 'PATCH', `${me.base}/${id}`, me.token, { enabled: false });
    expect(patched.body.enabled).toBe(false);
    const badPatch = await callApi(app, 'PATCH', `${me.base}/${id}`, me.token, { url: 'https://10.0.0.1/' });
    expect(badPatch.status).toBe(400);
    expect((await callApi(app, 'DELETE', `${me.base}/${id}`, me.token)).status).toBe(200);
    expect((await callApi(app, 'DELETE', `${me.base}/${id}`, me.token)).status).toBe(404);
    expect((await callApi(app, 'GET', me.base, me.token)).body.endpoints).toEqual([]);
  });

  it('documents every event in the OpenAPI document’s webhooks section', async () => {
    const document = (await (await app.request('/openapi.json')).json()) as {
      webhooks?: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    };
    const names = Object.keys(document.webhooks ?? {}).map((name) => name.replace(/^\//, ''));
    expect(names.sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const booked = JSON.stringify(Object.values(document.webhooks!)[1]);
    expect(booked).toContain('webhook-signature');
    expect(booked).toContain('previous_starts_at');
  });

  it('holds the endpoint limit under parallel creates', async () => {
    const me = await owner('wh-limit');
    const results = await Promise.all(
      Array.from({ length: WEBHOOK_LIMITS.endpointsPerOwner + 4 }, (_, i) =>
        callApi(app, 'POST', me.base, me.token, {
          url: receiver.url(`/limit${i}`),
          events: ['message.taken'],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(WEBHOOK_LIMITS.endpointsPerOwner);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.body.message).toBe(WEBHOOK_TEXTS.tooManyEndpoints);
    expect(((await callApi(app, 'GET', me.base, me.token)).body.endpoints as unknown[]).length).toBe(
      WEBHOOK_LIMITS.endpointsPerOwner,
    );
  });

  it('delivers a signed event; a receiver failing twice shows three attempts; replay keeps the webhook-id', async () => {
    clock = NOW;
    const me = await owner('wh-deliver');
    const url = receiver.url('/flaky', [500, 503]);
    const created = await callApi(app, 'POST', me.base, me.token, { url, events: ['appointment.booked'] });
    const secret = created.body.secret as string;
    const endpointId = (created.body.endpoint as { id: string }).id;

    await deps.webhooks.emit(me.sub, 'appointment.booked', WEBHOOK_SAMPLES['appointment.booked'], 'conv_1');
    // An event the endpoint did not ask for goes nowhere.
    await deps.webhooks.emit(me.sub, 'message.taken', WEBHOOK_SAMPLES['message.taken'], 'conv_1');
    await deps.webhooks.sender.settled();
    expect(receiver.on('/flaky')).toHaveLength(1);

    await sweep(minutes(2));
    expect(receiver.on('/flaky')).toHaveLength(2);
    let log = await callApi(app, 'GET', `${me.base}/${endpointId}/deliveries`, me.token);
    expect(log.body.deliveries).toMatchObject([{ status: 'pending', attempts: 2, response_code: 503 }]);
    // Not due yet (5 minutes after the second attempt): nothing is sent.
    await sweep(minutes(3));
    expect(receiver.on('/flaky')).toHaveLength(2);
    await sweep(minutes(20));
    const requests = receiver.on('/flaky');
    expect(requests).toHaveLength(3);

    log = await callApi(app, 'GET', `${me.base}/${endpointId}/deliveries`, me.token);
    const [delivery] = log.body.deliveries as Array<Record<string, unknown>>;
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 3,
      response_code: 200,
      response_excerpt: 'thanks',
      event_type: 'appointment.booked',
    });
    expect((delivery!.attempt_log as Array<{ response_code: number }>).map((a) => a.response_code)).toEqual([
      500, 503, 200,
    ]);
    expect(typeof delivery!.latency_ms).toBe('number');

    const last = requests[2]!;
    const ids = new Set(requests.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const body = JSON.parse(last.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: last.headers['webhook-id'],
      type: 'appointment.booked',
      data: WEBHOOK_SAMPLES['appointment.booked'],
    });
    expect(independentlyValid(secret, last)).toBe(true);
    const given = {
      id: String(last.headers['webhook-id']),
      timestamp: String(last.headers['webhook-timestamp']),
      signature: String(last.headers['webhook-signature']),
    };
    expect(verifyWebhook(secret, given, last.body, Number(given.timestamp))).toBe(true);

    clock = minutes(30);
    const replayed = await callApi(
      app,
      'POST',
      `${me.base}/${endpointId}/deliveries/${delivery!.id as string}/replay`,
      me.token,
    );
    expect(replayed.status).toBe(202);
    await deps.webhooks.sender.settled();
    const again = receiver.on('/flaky');
    expect(again).toHaveLength(4);
    expect(again[3]!.headers['webhook-id']).toBe(last.headers['webhook-id']);
    expect(again[3]!.body).toBe(last.body);
    log = await callApi(app, 'GET', `${me.base}/${endpointId}/deliveries`, me.token);
    expect(log.body.deliveries).toMatchObject([
      { status: 'delivered', attempts: 1, replay_of: delivery!.id },
      { id: delivery!.id, attempts: 3 },
    ]);
  });

  it('a REST hook subscribed with an API key gets the event, signed with its own secret, retried like an endpoint', async () => {
    clock = NOW;
    const me = await owner('wh-hook');
    const key = await callApi(app, 'POST', `/oauth/users/${me.sub}/api-keys`, me.token, {
      name: 'Zapier',
      scope: 'subscribe',
    });
    expect(key.status).toBe(201);
    const subscribed = await callApi(app, 'POST', '/api/hooks', key.body.key as string, {
      target_url: receiver.url('/zap', [500]),
      event: 'appointment.booked',
    });
    expect(subscribed.status).toBe(201);
    const secret = subscribed.body.secret as string;

    await deps.webhooks.emit(me.sub, 'appointment.booked', WEBHOOK_SAMPLES['appointment.booked'], 'conv_h');
    await deps.webhooks.emit(me.sub, 'message.taken', WEBHOOK_SAMPLES['message.taken'], 'conv_h');
    await deps.webhooks.sender.settled();
    expect(receiver.on('/zap')).toHaveLength(1);
    // The retry reads the hook again by its id (the sender's get), with the same secret.
    await sweep(minutes(2));
    const requests = receiver.on('/zap');
    expect(requests).toHaveLength(2);
    expect(JSON.parse(requests[1]!.body)).toMatchObject({ type: 'appointment.booked' });
    expect(requests[1]!.headers['webhook-id']).toBe(requests[0]!.headers['webhook-id']);
    expect(independentlyValid(secret, requests[1]!)).toBe(true);

    // Unsubscribed: the next event goes nowhere.
    const removed = await callApi(
      app,
      'DELETE',
      `/api/hooks/${subscribed.body.id as string}`,
      key.body.key as string,
    );
    expect(removed.status).toBeLessThan(300);
    await deps.webhooks.emit(me.sub, 'appointment.booked', WEBHOOK_SAMPLES['appointment.booked'], 'conv_h2');
    await deps.webhooks.sender.settled();
    expect(receiver.on('/zap')).toHaveLength(2);
  });

  it('keeps one conversation’s events in order while an earlier one is retried', async () => {
    clock = NOW;
    const me = await owner('wh-order');
    const url = receiver.url('/ordered', [500]);
    await callApi(app, 'POST', me.base, me.token, {
      url,
      events: ['appointment.booked', 'conversation.completed'],
    });
    await deps.webhooks.emit(me.sub, 'appointment.booked', WEBHOOK_SAMPLES['appointment.booked'], 'conv_9');
    await deps.webhooks.sender.settled();
    clock = new Date(NOW.getTime() + 1_000);
    await deps.webhooks.emit(
      me.sub,
      'conversation.completed',
      WEBHOOK_SAMPLES['conversation.completed'],
      'conv_9',
    );
    await deps.webhooks.sender.settled();
    // The booking failed once; the completion waits behind it instead of overtaking it.
    expect(receiver.on('/ordered').map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual([
      'appointment.booked',
    ]);
    await sweep(minutes(3));
    expect(receiver.on('/ordered').map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual([
      'appointment.booked',
      'appointment.booked',
      'conversation.completed',
    ]);
  });

  it('signs with both secrets during a rotation', async () => {
    clock = NOW;
    const me = await owner('wh-rotate');
    const created = await callApi(app, 'POST', me.base, me.token, {
      url: receiver.url('/rotate'),
      events: ['caller.opted_out'],
    });
    const id = (created.body.endpoint as { id: string }).id;
    const rotated = await callApi(app, 'POST', `${me.base}/${id}/rotate-secret`, me.token);
    expect(rotated.status).toBe(200);
    const [oldSecret, newSecret] = [created.body.secret as string, rotated.body.secret as string];
    expect(newSecret).not.toBe(oldSecret);
    expect((rotated.body.endpoint as { previous_secret_expires_at: string }).previous_secret_expires_at).toBe(
      new Date(NOW.getTime() + 24 * 3_600_000).toISOString(),
    );
    const sent = await callApi(app, 'POST', `${me.base}/${id}/test`, me.token, {});
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ test: true, event_type: 'caller.opted_out' });
    await deps.webhooks.sender.settled();
    const [request] = receiver.on('/rotate');
    expect(String(request!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(independentlyValid(oldSecret, request!)).toBe(true);
    expect(independentlyValid(newSecret, request!)).toBe(true);
    // After the overlap only the new secret signs.
    clock = minutes(24 * 60 + 1);
    expect((await callApi(app, 'POST', `${me.base}/${id}/test`, me.token, {})).status).toBe(202);
    await deps.webhooks.sender.settled();
    const later = receiver.on('/rotate')[1]!;
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(independentlyValid(newSecret, later)).toBe(true);
    expect(independentlyValid(oldSecret, later)).toBe(false);
    const [listed] = (await callApi(app, 'GET', me.base, me.token)).body.endpoints as Array<
      Record<string, unknown>
    >;
    expect(listed!.previous_secret_expires_at).toBeNull();
  });

  it('fails after 24 hours of retries, marks the endpoint failing and e-mails the owner once', async () => {
    clock = NOW;
    const me = await owner('wh-failing');
    const url = receiver.url(
      '/dead',
      Array.from({ length: 40 }, () => 500),
    );
    const created = await callApi(app, 'POST', me.base, me.token, { url, events: ['deposit.paid'] });
    const id = (created.body.endpoint as { id: string }).id;
    await deps.webhooks.emit(me.sub, 'deposit.paid', WEBHOOK_SAMPLES['deposit.paid'], 'appt_1');
    await deps.webhooks.sender.settled();
    for (const hours of [1, 3, 6, 12, 18, 23, 24.1]) {
      clock = minutes(hours * 60);
      await sweep(clock);
    }
    const log = await callApi(app, 'GET', `${me.base}/${id}/deliveries`, me.token);
    expect(log.body.deliveries).toMatchObject([{ status: 'failed', response_code: 500 }]);
    const [endpoint] = (await callApi(app, 'GET', me.base, me.token)).body.endpoints as Array<
      Record<string, unknown>
    >;
    expect(endpoint).toMatchObject({ status: 'failing' });
    const mails = (await deps.localOutbox!.list()).filter(
      (mail) => mail.subject === WEBHOOK_TEXTS.failingSubject && mail.text.includes(url),
    );
    expect(mails).toHaveLength(1);
  });

  it('a texted booking and a STOP reach the owner’s endpoint as signed events', async () => {
    const NY = 'America/New_York';
    clock = zonedInstant({ year: 2027, month: 2, day: 1, hour: 10, minute: 0 }, NY); // a Monday
    const me = await owner('wh-texted');
    const { ownerId, assistantNumber } = await createAssistantLine(deps, { ownerId: me.sub });
    await deps.data.businessConfigs.updateConfigFields(ownerId, {
      time_zone: NY,
      business_hours: {
        weekday_text: [
          'Monday: 9:00 AM – 5:00 PM',
          'Tuesday: 9:00 AM – 5:00 PM',
          'Wednesday: 9:00 AM – 5:00 PM',
          'Thursday: 9:00 AM – 5:00 PM',
          'Friday: 9:00 AM – 5:00 PM',
          'Saturday: Closed',
          'Sunday: Closed',
        ],
      },
    });
    const created = await callApi(app, 'POST', me.base, me.token, {
      url: receiver.url('/texted'),
      events: ['appointment.booked', 'caller.opted_out'],
    });
    const secret = created.body.secret as string;
    const caller = '+14155550481';
    const text = async (body: string) => {
      const response = await postSignedSms(app, { from: caller, to: assistantNumber, body });
      expect(response.status).toBe(200);
    };
    await text('I want an appointment on Wednesday at 10am');
    await text('Yes');
    await text('Ana');
    await text('STOP');
    await deps.webhooks.sender.settled();
    const requests = receiver.on('/texted');
    const bodies = requests.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(bodies.map((b) => b.type)).toEqual(['appointment.booked', 'caller.opted_out']);
    const [appointment] = await deps.data.appointments.upcoming(ownerId);
    expect(bodies[0]!.data).toMatchObject({
      appointment_id: appointment!.id,
      customer_name: 'Ana',
      customer_phone: caller,
      status: 'booked',
      changed_by: 'assistant',
      previous_starts_at: null,
    });
    expect(bodies[1]!.data).toMatchObject({ caller, keyword: 'STOP' });
    expect(requests.every((request) => independentlyValid(secret, request))).toBe(true);
  });

  it('the notifications function consumes the webhook queue’s SQS records too', async () => {
    clock = NOW;
    const me = await owner('wh-sqs');
    await callApi(app, 'POST', me.base, me.token, { url: receiver.url('/sqs'), events: ['message.taken'] });
    const body = JSON.stringify({
      kind: 'event',
      owner_id: me.sub,
      id: 'msg_from_sqs_record',
      type: 'message.taken',
      timestamp: NOW.toISOString(),
      data: WEBHOOK_SAMPLES['message.taken'],
      order_key: 'conv_sqs',
    });
    const result = await createNotificationJobs(deps).consume({
      Records: [{ messageId: 'm1', body, eventSource: 'aws:sqs' }],
    });
    expect(result.batchItemFailures).toEqual([]);
    await deps.webhooks.sender.settled();
    const [request] = receiver.on('/sqs');
    expect(request!.headers['webhook-id']).toBe('msg_from_sqs_record');
    // A malformed webhook message is reported failed (SQS redelivers it, then dead-letters it).
    const bad = await createNotificationJobs(deps).consume({
      Records: [{ messageId: 'm2', body: '{"kind":"deliver"}', eventSource: 'aws:sqs' }],
    });
    expect(bad.batchItemFailures).toEqual([{ itemIdentifier: 'm2' }]);
  });

  it('a cancellation from the dashboard reaches the endpoint as appointment.cancelled by the owner', async () => {
    clock = NOW;
    const me = await owner('wh-cancel');
    const { ownerId } = await createAssistantLine(deps, { ownerId: me.sub });
    await callApi(app, 'POST', me.base, me.token, {
      url: receiver.url('/cancel'),
      events: ['appointment.cancelled'],
    });
    const booked = await deps.data.appointments.book(ownerId, {
      starts_at: '2027-02-03T15:00:00.000Z',
      ends_at: '2027-02-03T15:30:00.000Z',
      customer_name: 'Ana',
      customer_phone: '+14155550490',
      service: null,
      conversation_id: 'conv_cancel',
      channel: 'sms',
      deposit: null,
    });
    if (!booked.ok) throw new Error('the slot was taken');
    const cancelled = await callApi(
      app,
      'POST',
      `/oauth/users/${me.sub}/appointments/${booked.appointment.id}/cancel`,
      me.token,
    );
    expect(cancelled.status).toBe(200);
    await deps.webhooks.sender.settled();
    const [request] = receiver.on('/cancel');
    expect(JSON.parse(request!.body)).toMatchObject({
      type: 'appointment.cancelled',
      data: {
        appointment_id: booked.appointment.id,
        status: 'cancelled',
        changed_by: 'owner',
        conversation_id: 'conv_cancel',
      },
    });
  });
});
