import { describe, expect, it } from 'vitest';
import type { CallLogPage } from '../../shared/schemas/call-log';
import type { Conversation } from '../../shared/schemas/conversation';
import { callApi } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const BASE = Date.parse('2026-11-01T15:00:00.000Z');
const MINUTE = 60_000;

/** A stored record: the n-th conversation, n minutes after BASE, with a channel and outcome cycling. */
function record(n: number, overrides: Partial<Conversation> = {}): Conversation {
  const channels = ['voice', 'sms', 'test'] as const;
  const outcomes = ['booked', 'answered', 'message_taken'] as const;
  const started = new Date(BASE + n * MINUTE).toISOString();
  return {
    id: `conv-${String(n).padStart(4, '0')}`,
    business_id: 'biz-1',
    channel: channels[n % 3]!,
    caller: `+1415555${String(1000 + (n % 7)).padStart(4, '0')}`,
    started_at: started,
    ended_at: new Date(BASE + n * MINUTE + 95_000).toISOString(),
    transcript: [
      { speaker: 'caller', text: `Question number ${n}`, at: started },
      { speaker: 'assistant', text: 'Happy to help.', at: started },
    ],
    objectives_met: {},
    amount_collected_cents: n % 3 === 0 ? 2500 : 0,
    escalated: false,
    outcome: outcomes[n % 3]!,
    actions:
      n % 3 === 0
        ? [{ tool: 'book_appointment', ok: true, summary: `Booked Haircut for Caller ${n}`, at: started }]
        : [],
    // Every fifth caller spoke Spanish; of the rest, some records say English and some (older) say nothing.
    ...(n % 5 === 0 ? { language: 'es' as const } : n % 5 === 1 ? { language: 'en' as const } : {}),
    ...overrides,
  };
}

describe('Call log: conversations newest first, paged by key, filtered, one record in full', async () => {
  const { app, deps, services } = await createTestApp();
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'log-owner'),
    createConfirmedUser(services, 'log-other'),
  ]);
  await deps.data.businessConfigs.createConfig(owner.sub, {
    business_name: 'Bella Hair Studio',
    phone_number: '+14155550142',
    address: '1 Main St, San Francisco, CA',
  });
  await deps.data.businessConfigs.updateConfigFields(owner.sub, { time_zone: 'America/Los_Angeles' });
  await deps.data.conversations.saveConversations(
    owner.sub,
    Array.from({ length: 60 }, (_, n) => record(n)),
  );
  const list = (query = '', user = owner, userId = owner.sub) =>
    callApi(app, 'GET', `/oauth/users/${userId}/conversations${query}`, user.tokens.IdToken);
  const pageOf = async (query: string) => {
    const response = await list(query);
    expect(response.status, query).toBe(200);
    return response.body as CallLogPage;
  };
  const idsOf = (page: CallLogPage) => page.entries.map((entry) => entry.id);

  it('pages newest first without gaps or repeats, and stays stable while new conversations arrive', async () => {
    const first = await pageOf('?limit=25');
    expect(first.time_zone).toBe('America/Los_Angeles');
    const ids = idsOf(first);
    expect(ids[0]).toBe('conv-0059');
    expect(ids).toHaveLength(25);
    // A new conversation arrives between pages: it sorts before the cursor and does not shift page 2.
    await deps.data.conversations.saveConversations(owner.sub, [
      record(500, { caller: '+14155559999', outcome: 'escalated' }),
    ]);
    const second = await pageOf(`?limit=25&cursor=${first.next_cursor}`);
    const third = await pageOf(`?limit=25&cursor=${second.next_cursor}`);
    const all = [...ids, ...idsOf(second), ...idsOf(third)];
    expect(all).toEqual(Array.from({ length: 60 }, (_, i) => `conv-${String(59 - i).padStart(4, '0')}`));
    expect(third.next_cursor).toBeUndefined();
    expect((await pageOf('?limit=1')).entries[0]?.id).toBe('conv-0500');
  });

  it('lists duration, outcome, revenue and a summary of what was done or asked', async () => {
    const latest = await pageOf('?to=2026-11-01T15:57:30.000Z&limit=2');
    expect(latest.entries[0]).toMatchObject({
      id: 'conv-0057',
      channel: 'voice',
      duration_seconds: 95,
      outcome: 'booked',
      amount_collected_cents: 2500,
      summary: 'Booked Haircut for Caller 57',
      open: false,
    });
    expect(latest.entries[1]).toMatchObject({ id: 'conv-0056', summary: 'Asked: “Question number 56”' });
  });

  it('filters by channel, outcome, time range and caller digits, paging within the filter', async () => {
    const sms = await pageOf('?channel=sms&limit=50');
    expect(sms.entries).toHaveLength(20);
    expect(sms.entries.every((e) => e.channel === 'sms')).toBe(true);
    const booked = await pageOf('?outcome=booked&limit=5');
    expect(idsOf(booked)).toEqual(['conv-0057', 'conv-0054', 'conv-0051', 'conv-0048', 'conv-0045']);
    const rest = await pageOf(`?outcome=booked&limit=50&cursor=${booked.next_cursor}`);
    expect(rest.entries).toHaveLength(15);
    expect(rest.next_cursor).toBeUndefined();
    const range = await pageOf('?from=2026-11-01T15:10:00.000Z&to=2026-11-01T15:12:00.000Z');
    expect(idsOf(range)).toEqual(['conv-0012', 'conv-0011', 'conv-0010']);
    // "(415) 555-1003": every n with n % 7 = 3, in any formatting.
    const search = await pageOf(`?phone=${encodeURIComponent('(415) 555-1003')}&limit=50`);
    expect(idsOf(search)).toEqual(
      Array.from({ length: 60 }, (_, n) => 59 - n)
        .filter((n) => n % 7 === 3)
        .map((n) => `conv-${String(n).padStart(4, '0')}`),
    );
  });

  it("shows and filters by the caller's language, records without one counting as English", async () => {
    const spanish = await pageOf('?language=es&limit=50');
    const expected = (keep: (n: number) => boolean) =>
      Array.from({ length: 60 }, (_, n) => 59 - n)
        .filter(keep)
        .map((n) => `conv-${String(n).padStart(4, '0')}`);
    expect(idsOf(spanish).filter((id) => id !== 'conv-0500')).toEqual(expected((n) => n % 5 === 0));
    expect(spanish.entries.every((e) => e.language === 'es')).toBe(true);
    const english = await pageOf('?language=en&limit=30');
    expect(english.entries.every((e) => e.language === 'en')).toBe(true);
    const rest = await pageOf(`?language=en&limit=50&cursor=${english.next_cursor}`);
    expect([...idsOf(english), ...idsOf(rest)]).toEqual(expected((n) => n % 5 !== 0));
    // A record stored before languages were kept reads as English in the list and the detail.
    const old = (await pageOf('?to=2026-11-01T15:02:00.000Z&limit=1')).entries[0]!;
    expect(old).toMatchObject({ id: 'conv-0002', language: 'en' });
    const detail = await list(
      `/conv-0005?started_at=${encodeURIComponent(new Date(BASE + 5 * MINUTE).toISOString())}`,
    );
    expect(detail.body).toMatchObject({ id: 'conv-0005', language: 'es' });
    const both = await pageOf('?language=es&channel=voice&limit=50');
    expect(idsOf(both).filter((id) => id !== 'conv-0500')).toEqual(expected((n) => n % 15 === 0));
  });

  it("says whether the assistant answered a routed call, so a hang-up before the greeting isn't 'answered'", async () => {
    const routed = await createConfirmedUser(services, 'log-routed');
    await deps.data.businessConfigs.createConfig(routed.sub, {
      business_name: 'Routed Salon',
      phone_number: '+14155550143',
      address: '2 Main St, San Francisco, CA',
    });
    const started = new Date(BASE).toISOString();
    await deps.data.conversations.saveConversations(routed.sub, [
      record(1, { channel: 'voice', call_route: 'assistant', transcript: [], outcome: 'abandoned' }),
      record(2, { channel: 'voice', call_route: 'after_hours', answered_at: started }),
      record(3, { channel: 'sms' }),
    ]);
    const response = await list('', routed, routed.sub);
    expect(response.status).toBe(200);
    const byId = Object.fromEntries((response.body as CallLogPage).entries.map((e) => [e.id, e]));
    expect(byId['conv-0001']).toMatchObject({ call_route: 'assistant', answered: false });
    expect(byId['conv-0002']).toMatchObject({ call_route: 'after_hours', answered: true });
    expect(byId['conv-0003']).not.toHaveProperty('answered');
  });

  it('opens one conversation whole: transcript with times, actions and objective results', async () => {
    const entry = (await pageOf('?to=2026-11-01T15:03:00.000Z&limit=1')).entries[0]!;
    const detail = await list(`/${entry.id}?started_at=${encodeURIComponent(entry.started_at)}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: 'conv-0003',
      escalated: false,
      transcript: [{ speaker: 'caller', text: 'Question number 3' }, { speaker: 'assistant' }],
      actions: [{ tool: 'book_appointment', ok: true }],
    });
    const missing = await list(`/conv-9999?started_at=${encodeURIComponent(entry.started_at)}`);
    expect(missing.status).toBe(404);
  });

  it('refuses another owner, no token, and bad filters or cursors with a clear 4xx', async () => {
    expect((await list('', other)).status).toBe(403);
    expect((await callApi(app, 'GET', `/oauth/users/${owner.sub}/conversations`)).status).toBe(401);
    const otherLog = await list('', other, other.sub);
    expect(otherLog.status).toBe(200);
    expect(otherLog.body.entries).toEqual([]);
    for (const bad of [
      '?channel=fax',
      '?outcome=won',
      '?language=fr',
      '?limit=500',
      '?phone=abc',
      '?from=yesterday',
      '?from=2026-11-02T00:00:00.000Z&to=2026-11-01T00:00:00.000Z',
      `?cursor=${Buffer.from('REFERRAL#x').toString('base64url')}`,
      '?cursor=not*base64',
    ]) {
      const response = await list(bad);
      expect(response.status, bad).toBe(400);
      expect(response.body.error, bad).toBeTruthy();
    }
    expect((await list('/conv-0003')).status).toBe(400);
  });
});
