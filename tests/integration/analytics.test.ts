import { DEFAULT_TIME_ZONE } from '../../shared/receptionist/time-zones';
import { describe, expect, it } from 'vitest';
import { computeAnalytics, computeSuggestions } from '../../shared/analytics';
import type { Conversation } from '../../shared/schemas/conversation';
import { generateDemoHistory } from '../../backend/src/local/demo/demo-history';
import { callApi, SAMPLE_BUSINESS_INFO } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

/**
 * Yesterday at 15:00 UTC, not a fixed date: the stored records carry a retention expiry (a year after
 * they start), and DynamoDB Local's TTL may delete items whose expiry is past in real time, so a fixed date
 * would start losing the oldest records once it is a year old (from December 2026 for the old date).
 */
const DAY_MS = 86_400_000;
const NOW = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS + 15 * 3_600_000);
const ANALYTICS = '/api/analytics/objectives';
const SUGGESTIONS = '/api/optimization/suggestions';

describe('analytics and optimization suggestions', async () => {
  const { app, deps, services } = await createTestApp({}, { now: () => NOW });
  const [owner, other, newcomer] = await Promise.all([
    createConfirmedUser(services, 'analytics-owner'),
    createConfirmedUser(services, 'analytics-other'),
    createConfirmedUser(services, 'analytics-new'),
  ]);
  const history = (businessId: string, seed: number) =>
    generateDemoHistory({ now: NOW, businessId, objectiveId: 'obj-1', seed });

  const ownerConfig = (await deps.data.businessConfigs.createConfig(owner.sub, SAMPLE_BUSINESS_INFO)).config;
  const otherConfig = (await deps.data.businessConfigs.createConfig(other.sub, SAMPLE_BUSINESS_INFO)).config;
  const ownerRecords = history(ownerConfig.business_id, 1);
  // The other owner's line is much busier and always books: any leak would change every figure.
  const otherRecords: Conversation[] = history(otherConfig.business_id, 2).map((c) => ({
    ...c,
    amount_collected_cents: 99_900,
  }));
  // The owner's own test chats are stored too, and must never count: big amounts make a leak obvious.
  const ownerTests: Conversation[] = ownerRecords.slice(0, 20).map((c) => ({
    ...c,
    id: `${c.id}-test`,
    channel: 'test',
    amount_collected_cents: 77_700,
  }));
  await deps.data.conversations.saveConversations(owner.sub, [...ownerRecords, ...ownerTests]);
  await deps.data.conversations.saveConversations(other.sub, [
    ...otherRecords,
    ...otherRecords.map((c) => ({ ...c, id: `${c.id}-b` })),
  ]);

  it('needs a token', async () => {
    expect((await callApi(app, 'GET', `${ANALYTICS}?timeRange=7d`)).status).toBe(401);
    expect((await callApi(app, 'GET', SUGGESTIONS)).status).toBe(401);
  });

  it('refuses an unknown range with a clear 400', async () => {
    const response = await callApi(app, 'GET', `${ANALYTICS}?timeRange=1y`, owner.tokens.IdToken);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('timeRange');
  });

  it('answers 404 to an owner without a business config (the client shows an empty result)', async () => {
    const analytics = await callApi(app, 'GET', `${ANALYTICS}?timeRange=7d`, newcomer.tokens.IdToken);
    expect(analytics.status).toBe(404);
    expect(analytics.body).toEqual({ error: 'not_found', message: 'Business config not found' });
    expect((await callApi(app, 'GET', SUGGESTIONS, newcomer.tokens.IdToken)).status).toBe(404);
  });

  it("computes each range from the owner's own records only", async () => {
    for (const range of ['7d', '30d', '90d'] as const) {
      const response = await callApi(app, 'GET', `${ANALYTICS}?timeRange=${range}`, owner.tokens.IdToken);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(computeAnalytics(ownerRecords, range, NOW, DEFAULT_TIME_ZONE));
    }
    const ninety = (await callApi(app, 'GET', `${ANALYTICS}?timeRange=90d`, owner.tokens.IdToken)).body;
    // Independent check of the totals straight from the records.
    expect(ninety.conversation_count).toBe(ownerRecords.length);
    const cents = ownerRecords.reduce((sum, c) => sum + c.amount_collected_cents, 0);
    expect((ninety.revenue_attribution as { total_revenue: number }).total_revenue).toBe(cents / 100);
    expect(ninety.performance_trends).toHaveLength(90);
  });

  it('defaults to 7 days', async () => {
    const response = await callApi(app, 'GET', ANALYTICS, owner.tokens.IdToken);
    expect(response.body).toEqual(computeAnalytics(ownerRecords, '7d', NOW, DEFAULT_TIME_ZONE));
    expect(response.body.performance_trends).toHaveLength(7);
  });

  it('answers zeros and an empty trend to an owner with a business but no conversations', async () => {
    await deps.data.businessConfigs.createConfig(newcomer.sub, SAMPLE_BUSINESS_INFO);
    const response = await callApi(app, 'GET', `${ANALYTICS}?timeRange=30d`, newcomer.tokens.IdToken);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      conversation_count: 0,
      completion_rates: {},
      revenue_attribution: { total_revenue: 0, average_per_call: 0 },
    });
    expect((response.body.performance_trends as unknown[]).length).toBe(30);
    const suggestions = await callApi(app, 'GET', SUGGESTIONS, newcomer.tokens.IdToken);
    expect(suggestions).toEqual({ status: 200, body: { suggestions: [] } });
  });

  it("derives suggestions from the owner's last 30 days", async () => {
    const response = await callApi(app, 'GET', SUGGESTIONS, owner.tokens.IdToken);
    expect(response.status).toBe(200);
    // The owner set no time zone or hours: after hours is read on the default business clock.
    const expected = computeSuggestions(ownerRecords, NOW, { timeZone: DEFAULT_TIME_ZONE });
    expect(expected.length).toBeGreaterThan(0);
    expect(expected).not.toEqual(computeSuggestions(ownerRecords, NOW));
    expect(response.body).toEqual({ suggestions: expected });
    const otherResponse = await callApi(app, 'GET', SUGGESTIONS, other.tokens.IdToken);
    expect(otherResponse.body).toEqual({
      suggestions: computeSuggestions([...otherRecords, ...otherRecords], NOW, {
        timeZone: DEFAULT_TIME_ZONE,
      }),
    });
  });

  it('derives suggestions from the range the owner picked, and refuses an unknown range', async () => {
    const week = await callApi(app, 'GET', `${SUGGESTIONS}?timeRange=90d`, owner.tokens.IdToken);
    const expected = computeSuggestions(ownerRecords, NOW, { timeZone: DEFAULT_TIME_ZONE }, '90d');
    expect(expected).not.toEqual(computeSuggestions(ownerRecords, NOW, { timeZone: DEFAULT_TIME_ZONE }));
    expect(week.body).toEqual({ suggestions: expected });
    expect((await callApi(app, 'GET', `${SUGGESTIONS}?timeRange=2d`, owner.tokens.IdToken)).status).toBe(400);
  });

  it("exports the range's conversations as CSV, test chats left out, for the token's owner only", async () => {
    const response = await app.request('/api/analytics/conversations.csv?timeRange=30d', {
      headers: { Authorization: `Bearer ${owner.tokens.IdToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="conversations-30d-/);
    const lines = (await response.text()).trim().split('\r\n');
    const expected = computeAnalytics(ownerRecords, '30d', NOW, DEFAULT_TIME_ZONE).conversation_count;
    expect(lines).toHaveLength(expected + 1);
    expect(lines[0]).toContain(`Started (${DEFAULT_TIME_ZONE})`);
    expect(lines.slice(1).some((line) => line.includes(',Test,'))).toBe(false);
    const anonymous = await app.request('/api/analytics/conversations.csv');
    expect(anonymous.status).toBe(401);
  });
});
