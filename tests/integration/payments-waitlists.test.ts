import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const json = { 'Content-Type': 'application/json' };

describe('waitlists and feature engagement', async () => {
  const { app, doc, tableName, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'waitlist');
  const bearer = { ...json, Authorization: `Bearer ${owner.tokens.IdToken}` };
  const item = async (key: { pk: string; sk: string }) =>
    (await doc.send(new GetCommand({ TableName: tableName, Key: key }))).Item;

  it('joins the international waitlist without a token, and keeps the notify request', async () => {
    const entry = { email: 'Someone@Example.co.uk', country_code: '+44', country_name: 'United Kingdom' };
    const joined = await app.request('/oauth/international-waitlist', {
      method: 'POST',
      headers: json,
      body: JSON.stringify(entry),
    });
    expect(joined.status).toBe(200);
    expect(await joined.json()).toEqual({ joined: true });
    expect(await item(keys.waitlistEntry('INTERNATIONAL', entry.email))).toMatchObject({
      email: entry.email,
      country_code: '+44',
      country_name: 'United Kingdom',
      notify: false,
    });
    await app.request('/oauth/international-waitlist', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...entry, notify: true }),
    });
    await app.request('/oauth/international-waitlist', {
      method: 'POST',
      headers: json,
      body: JSON.stringify(entry),
    });
    expect((await item(keys.waitlistEntry('INTERNATIONAL', entry.email)))?.notify).toBe(true);
  });

  it('refuses a bad e-mail or country code with 400 and stores nothing', async () => {
    for (const body of [
      { email: 'not-an-email', country_code: '+44', country_name: 'United Kingdom' },
      { email: 'a@example.com', country_code: '44', country_name: 'United Kingdom' },
      { email: 'a@example.com', country_code: '+44' },
    ]) {
      const response = await app.request('/oauth/international-waitlist', {
        method: 'POST',
        headers: json,
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error).toBe('validation_error');
    }
    expect(await item(keys.waitlistEntry('INTERNATIONAL', 'a@example.com'))).toBeUndefined();
  });

  it('joins the beta waitlist with a token only', async () => {
    const anonymous = await app.request('/oauth/beta-waitlist', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: owner.email }),
    });
    expect(anonymous.status).toBe(401);
    const joined = await app.request('/oauth/beta-waitlist', {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({ email: owner.email }),
    });
    expect(joined.status).toBe(200);
    expect(await item(keys.waitlistEntry('BETA', owner.email))).toMatchObject({ user_id: owner.sub });
  });

  it('records interest in a waitlisted plan, and a later decline replaces it', async () => {
    const body = {
      feature_type: 'subscription_plan',
      feature_id: 'price_enterprise_monthly',
      feature_name: 'Enterprise',
      context: { page: 'plans', location: 'plan_card', price_id: 'price_enterprise_monthly' },
    };
    const interested = await app.request('/oauth/feature-engagement/interested', {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify(body),
    });
    expect(await interested.json()).toEqual({ recorded: true, answer: 'interested' });
    const key = keys.featureEngagement(owner.sub, 'subscription_plan', 'price_enterprise_monthly');
    expect(await item(key)).toMatchObject({ answer: 'interested', feature_name: 'Enterprise' });
    await app.request('/oauth/feature-engagement/declined', {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify(body),
    });
    expect((await item(key))?.answer).toBe('declined');
    const invalid = await app.request('/oauth/feature-engagement/interested', {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({ feature_type: 'subscription_plan' }),
    });
    expect(invalid.status).toBe(400);
  });

  it('documents the billing routes; only the international waitlist and the webhook need no token', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const security = (path: string) => Object.values(doc.paths[path] ?? {})[0]?.security ?? [];
    for (const path of [
      '/oauth/subscription/products',
      '/oauth/subscription/checkout',
      '/oauth/subscription/status',
      '/oauth/subscription/portal',
      '/oauth/users/{userId}/select-plan',
      '/oauth/users/{userId}/customer-profile',
      '/oauth/beta-waitlist',
      '/oauth/feature-engagement/interested',
      '/oauth/feature-engagement/declined',
    ]) {
      expect(security(path), path).toEqual([{ bearerAuth: [] }]);
    }
    expect(doc.paths['/oauth/international-waitlist']).toBeDefined();
    expect(security('/oauth/international-waitlist')).toEqual([]);
    expect(doc.paths['/webhooks/stripe']).toBeDefined();
    expect(security('/webhooks/stripe')).toEqual([]);
  });
});
