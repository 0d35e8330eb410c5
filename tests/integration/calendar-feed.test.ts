import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { hashFeedToken } from '../../backend/src/capabilities/calendars/records/feed-token';
import { createLocalOutbox } from '../../backend/src/local/ses/local-outbox';
import { createConfirmedUser } from '../support/cognito-users';
import { storeSubscription } from '../support/subscriptions';
import { createTestApp } from '../support/test-app';

type Feed = { active: boolean; created_at: string | null; url?: string };

/** The Business Calendar's private .ics link (issue 12 §2): share, fetch, rotate, revoke, isolation. */
describe('Business Calendar feed', async () => {
  const { app, deps, doc, tableName, services } = await createTestApp();
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'feed-owner'),
    createConfirmedUser(services, 'feed-other'),
  ]);
  const call = (method: string, path: string, user = owner, body?: unknown) =>
    app.request(`/oauth/users/${user.sub}/${path}`, {
      method,
      headers: { Authorization: `Bearer ${user.tokens.IdToken}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let address = 0;
  /** Each fetch from its own address, so the per-address limit is tested only where meant. */
  const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
    app.request(new URL(url).pathname, {
      headers: { 'x-forwarded-for': `10.0.0.${(address++ % 250) + 1}`, ...headers },
    });
  const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000);
  const slot = (hours: number) => {
    const start = soon(hours);
    start.setUTCMinutes(0, 0, 0);
    return { starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 1_800_000).toISOString() };
  };
  const book = (ownerId: string, hours: number, name: string, service: string) =>
    deps.data.appointments.book(ownerId, {
      ...slot(hours),
      customer_name: name,
      customer_phone: '+14155550123',
      service,
      conversation_id: null,
      channel: 'sms',
      deposit: null,
    });

  for (const [user, name, phone] of [
    [owner, 'Feed Salon', '+14155550134'],
    [other, 'Other Dental', '+16045550199'],
  ] as const) {
    await deps.data.businessConfigs.createConfig(user.sub, { business_name: name, assistant_phone: phone });
    await storeSubscription(deps, user.sub, 'trialing');
  }

  let ownerUrl = '';

  it('share issues a private link, e-mails it with honest text, and the link serves the bookings', async () => {
    expect(await (await call('GET', 'calendar-feed')).json()).toEqual({ active: false, created_at: null });
    const booked = await book(owner.sub, 48, 'Ana Pérez', 'Haircut, wash; style');
    expect(booked.ok).toBe(true);
    const response = await call('POST', 'share-calendar', owner, { user_email: owner.email });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; message: string; feed: Feed };
    expect(body.message).toBe(
      'Calendar shared successfully! We e-mailed you a private link: subscribe to it in any calendar app.',
    );
    expect(body.feed.url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    ownerUrl = body.feed.url!;

    const mail = (await createLocalOutbox(services.outboxDir).list()).find(
      (m) => m.to === owner.email && m.kind === 'calendar-share',
    );
    expect(mail?.text).toContain(ownerUrl);
    expect(mail?.text).toContain('any calendar app');
    expect(mail?.text).not.toContain('Google Calendar.');

    // Only the hash is stored.
    const token = new URL(ownerUrl).pathname.slice('/calendar/'.length, -'.ics'.length);
    const stored = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.calendarFeed(owner.sub) }),
    );
    expect(stored.Item?.token_hash).toBe(hashFeedToken(token));
    expect(JSON.stringify(stored.Item)).not.toContain(token);

    const feed = await fetchFeed(ownerUrl);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('private, max-age=300');
    const text = await feed.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Haircut\\, wash\\; style with Ana');
    expect(unfolded).toContain(`UID:${booked.ok ? booked.appointment.id : ''}@ringly.example`);
    expect(unfolded).toContain('X-WR-CALNAME:Feed Salon - Business Calendar');
    expect(unfolded).not.toMatch(/4155550123|Pérez/);

    // Unchanged feed: the ETag answers 304.
    const etag = feed.headers.get('etag')!;
    expect((await fetchFeed(ownerUrl, { 'If-None-Match': etag })).status).toBe(304);
    await book(owner.sub, 72, 'Ben', 'Beard trim');
    const changed = await fetchFeed(ownerUrl, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('SUMMARY:Beard trim with Ben');
  });

  it('a second share while a link is live answers 409 and e-mails nothing', async () => {
    // Only this owner's mail: other test files share the outbox and may send at the same time.
    const mailToOwner = async () =>
      (await createLocalOutbox(services.outboxDir).list()).filter((m) => m.to === owner.email).length;
    const before = await mailToOwner();
    const response = await call('POST', 'share-calendar', owner, { user_email: owner.email });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toBe('conflict');
    expect(await mailToOwner()).toBe(before);
    expect((await fetchFeed(ownerUrl)).status).toBe(200);
  });

  it("never serves another owner's bookings", async () => {
    await book(other.sub, 50, 'Zed Secret', 'Root canal');
    const share = await call('POST', 'share-calendar', other, { user_email: other.email });
    const otherUrl = ((await share.json()) as { feed: Feed }).feed.url!;
    const ownerText = await (await fetchFeed(ownerUrl)).text();
    const otherText = await (await fetchFeed(otherUrl)).text();
    expect(ownerText).not.toContain('Root canal');
    expect(ownerText).not.toContain('Other Dental');
    expect(otherText).toContain('Root canal with Zed');
    expect(otherText).not.toContain('Haircut');
    // The owner's token can't read the other calendar through the other's management routes either.
    expect((await call('GET', 'calendar-feed', { ...owner, sub: other.sub })).status).toBe(403);
    expect((await call('DELETE', 'calendar-feed', { ...owner, sub: other.sub })).status).toBe(403);
    expect((await call('POST', 'calendar-feed/rotate', { ...owner, sub: other.sub }, {})).status).toBe(403);
    expect((await fetchFeed(otherUrl)).status).toBe(200);
  });

  it('rotate gives a new link and the old one answers 404', async () => {
    const response = await call('POST', 'calendar-feed/rotate', owner, {});
    expect(response.status).toBe(200);
    const rotated = (await response.json()) as Feed;
    expect(rotated.url).not.toBe(ownerUrl);
    expect((await fetchFeed(ownerUrl)).status).toBe(404);
    expect((await fetchFeed(rotated.url!)).status).toBe(200);
    ownerUrl = rotated.url!;
    const state = (await (await call('GET', 'calendar-feed')).json()) as Feed;
    expect(state).toEqual({ active: true, created_at: rotated.created_at });
  });

  it('parallel rotations leave exactly one valid link', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', 'calendar-feed/rotate', owner, {})),
    );
    const won = answers.filter((r) => r.status === 200);
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const urls = await Promise.all(won.map(async (r) => ((await r.json()) as Feed).url!));
    const live = [];
    for (const url of [...urls, ownerUrl]) if ((await fetchFeed(url)).status === 200) live.push(url);
    expect(live).toHaveLength(1);
    ownerUrl = live[0]!;
  });

  it('revoke makes the link answer 404; share then issues a new one', async () => {
    const response = await call('DELETE', 'calendar-feed');
    expect(await response.json()).toEqual({ active: false, created_at: null });
    expect((await fetchFeed(ownerUrl)).status).toBe(404);
    const lookup = await doc.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.calendarFeedToken(hashFeedToken(new URL(ownerUrl).pathname.slice(10, -4))),
      }),
    );
    expect(lookup.Item).toBeUndefined();
    // Revoking twice is harmless.
    expect((await call('DELETE', 'calendar-feed')).status).toBe(200);
    const again = await call('POST', 'share-calendar', owner, { user_email: owner.email });
    expect(again.status).toBe(200);
  });

  it('answers 404 for unknown, malformed and non-.ics paths', async () => {
    for (const path of [
      `/calendar/${'A'.repeat(43)}.ics`,
      '/calendar/short.ics',
      `/calendar/${'A'.repeat(43)}`,
      `/calendar/${'A'.repeat(42)}$.ics`,
    ]) {
      const response = await app.request(path, { headers: { 'x-forwarded-for': '10.1.1.1' } });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: 'not_found', message: 'No calendar at this address' });
    }
  });

  it('rate-limits fetches per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      statuses.push(
        (await app.request(`/calendar/${'B'.repeat(43)}.ics`, { headers: { 'x-forwarded-for': '10.9.9.9' } }))
          .status,
      );
    }
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('validates the management endpoints: a body with fields is refused and nothing changes', async () => {
    const before = (await (await call('GET', 'calendar-feed')).json()) as Feed;
    const response = await call('POST', 'calendar-feed/rotate', owner, { token: 'mine' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('validation_error');
    expect(await (await call('GET', 'calendar-feed')).json()).toEqual(before);
    expect((await app.request(`/oauth/users/${owner.sub}/calendar-feed`)).status).toBe(401);
    const bad = await call('POST', 'share-calendar', owner, { user_email: 'not-an-address' });
    expect(bad.status).toBe(400);
  });

  it('a share whose e-mail fails answers 502 and leaves no live link behind', async () => {
    const third = await createConfirmedUser(services, 'feed-mailfail');
    await deps.data.businessConfigs.createConfig(third.sub, {
      business_name: 'Mailless Spa',
      assistant_phone: '+16505550111',
    });
    await storeSubscription(deps, third.sub, 'trialing');
    const send = vi.spyOn(deps.providers.email, 'send').mockRejectedValueOnce(new Error('mail is down'));
    try {
      const response = await call('POST', 'share-calendar', third, { user_email: third.email });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ success: false, message: 'Failed to share calendar' });
    } finally {
      send.mockRestore();
    }
    expect(await (await call('GET', 'calendar-feed', third)).json()).toEqual({
      active: false,
      created_at: null,
    });
    expect(await deps.data.calendarFeeds.current(third.sub)).toBeUndefined();
    // A retry works once mail is back.
    expect((await call('POST', 'share-calendar', third, { user_email: third.email })).status).toBe(200);
  });
});
