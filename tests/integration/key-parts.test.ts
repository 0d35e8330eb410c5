import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { KEY_PART_MAX_LENGTH } from '../../shared/key-part';
import { keyPart } from '../../backend/src/platform/dynamo/key-part';
import { keys, userKey } from '../../backend/src/platform/dynamo/keys';
import { HttpError } from '../../backend/src/platform/errors/http-error';
import { createConfirmedUser } from '../support/cognito-users';
import { storeSubscription } from '../support/subscriptions';
import { createTestApp } from '../support/test-app';

/** What a caller might slip into a composite key: the separator, a NUL, and more than any key part holds. */
const HOSTILE = {
  'a # separator': 'a#b',
  'a NUL': 'a\u0000b',
  'an over-long value': 'x'.repeat(KEY_PART_MAX_LENGTH + 1),
} as const;

describe('no caller-supplied text becomes part of a DynamoDB key unchecked (docs/decisions/158)', async () => {
  const { app, deps, doc, tableName, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'key-parts');
  await deps.data.businessConfigs.createConfig(owner.sub, {
    business_name: 'Key Part Salon',
    phone_number: '+14155550142',
    assistant_phone: '+14155550143',
  });
  await storeSubscription(deps, owner.sub, 'trialing');
  const call = (method: string, path: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: { Authorization: `Bearer ${owner.tokens.IdToken}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const ownerItems = async (prefix: string) =>
    (
      await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
          ExpressionAttributeValues: { ':pk': userKey(owner.sub), ':sk': prefix },
        }),
      )
    ).Items ?? [];
  const expectRefused = async (response: Response, label: string) => {
    expect(response.status, label).toBe(400);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error, label).toMatch(/^(validation_error|bad_request)$/);
    expect(body.message, label).toMatch(/^Invalid request: /);
  };

  /** Every route that builds a key from a caller's text, with where that text goes. */
  const routes: Array<{ name: string; send: (value: string) => Response | Promise<Response> }> = [
    {
      name: 'POST /oauth/feature-engagement/interested feature_type',
      send: (v) =>
        call('POST', '/oauth/feature-engagement/interested', {
          feature_type: v,
          feature_id: 'call_logs',
          feature_name: 'Call logs',
        }),
    },
    {
      name: 'POST /oauth/feature-engagement/declined feature_id',
      send: (v) =>
        call('POST', '/oauth/feature-engagement/declined', {
          feature_type: 'dashboard_feature',
          feature_id: v,
          feature_name: 'Call logs',
        }),
    },
    {
      name: 'GET /oauth/config/get/{id}',
      send: (v) => call('GET', `/oauth/config/get/${encodeURIComponent(v)}`),
    },
    {
      name: 'POST /oauth/users/{userId}/messages/{messageId}/handled',
      send: (v) =>
        call('POST', `/oauth/users/${owner.sub}/messages/${encodeURIComponent(v)}/handled`, {
          taken_at: '2026-11-20T10:00:00.000Z',
        }),
    },
    {
      name: 'GET /oauth/users/{userId}/conversations/{conversationId}',
      send: (v) =>
        call(
          'GET',
          `/oauth/users/${owner.sub}/conversations/${encodeURIComponent(v)}?started_at=2026-11-20T10:00:00.000Z`,
        ),
    },
    {
      name: 'POST /oauth/international-waitlist email',
      send: (v) =>
        call('POST', '/oauth/international-waitlist', {
          email: `${v}@example.com`,
          country_code: '+44',
          country_name: 'United Kingdom',
        }),
    },
    {
      name: 'POST /oauth/referrals/create referee_email',
      send: (v) => call('POST', '/oauth/referrals/create', { referee_email: `${v}@example.com` }),
    },
    {
      name: 'POST /oauth/referrals/track-signup referral_code',
      send: (v) => call('POST', '/oauth/referrals/track-signup', { referral_code: v, user_id: owner.sub }),
    },
    {
      name: 'POST /oauth/users/{userId}/assistant-phone',
      send: (v) =>
        call('POST', `/oauth/users/${owner.sub}/assistant-phone`, { assistant_phone: `+1415${v}` }),
    },
    {
      name: 'POST /oauth/users/{userId}/share-calendar user_email',
      send: (v) =>
        call('POST', `/oauth/users/${owner.sub}/share-calendar`, { user_email: `${v}@example.com` }),
    },
  ];

  for (const route of routes) {
    it(`${route.name}: answers 400 with a JSON error to '#', NUL and over-long values`, async () => {
      for (const [label, value] of Object.entries(HOSTILE)) {
        await expectRefused(await route.send(value), `${route.name}: ${label}`);
      }
    });
  }

  it('stores no engagement answer whose key a caller shaped', async () => {
    expect(await ownerItems('ENGAGEMENT#')).toEqual([]);
    const ok = await call('POST', '/oauth/feature-engagement/interested', {
      feature_type: 'dashboard_feature',
      feature_id: 'call_logs',
      feature_name: 'Call logs',
    });
    expect(ok.status).toBe(200);
    expect((await ownerItems('ENGAGEMENT#')).map((item) => item.sk)).toEqual([
      'ENGAGEMENT#dashboard_feature#call_logs',
    ]);
  });

  it('the calendar OAuth callback treats a shaped state as unknown: its 400 page, no lookup', async () => {
    const callback = (state: string) =>
      app.request(`/oauth/google_calendar/callback?state=${encodeURIComponent(state)}`);
    for (const label of ['a # separator', 'a NUL'] as const) {
      const response = await callback(HOSTILE[label]);
      expect(response.status, label).toBe(400);
      expect(await response.text(), label).toContain('This authorization has expired or was already used');
    }
    // Longer than any state we issue: refused by the route's validator before the flow runs.
    await expectRefused(await callback(HOSTILE['an over-long value']), 'over-long state');
  });

  it('the key builders themselves refuse such parts, whichever code calls them', () => {
    for (const value of Object.values(HOSTILE)) {
      expect(() => keys.featureEngagement(owner.sub, value, 'x')).toThrow(HttpError);
      expect(() => keys.featureEngagement(owner.sub, 'x', value)).toThrow(HttpError);
      expect(() => keys.oauthState(value)).toThrow(HttpError);
      expect(() => keys.phoneReservation(value)).toThrow(HttpError);
      expect(() => keys.waitlistEntry('BETA', value)).toThrow(HttpError);
      expect(() => keys.conversation(owner.sub, '2026-11-20T10:00:00.000Z', value)).toThrow(HttpError);
      expect(() => userKey(value)).toThrow(HttpError);
    }
    expect(() => keyPart('', 'id')).toThrow(HttpError);
    expect(keyPart('owner@example.com', 'email')).toBe('owner@example.com');
    expect(keys.referral(owner.sub, '').sk).toBe('REFERRAL#');
  });
});
