import { describe, expect, it } from 'vitest';
import { USER_QUOTAS } from '../../backend/src/platform/quotas/user-quotas';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const json = (token: string, body: unknown) => ({
  method: 'POST',
  headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe('business lookup and populate (local places directory)', async () => {
  const { app, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'lookup');
  const token = owner.tokens.IdToken;

  it('finds a business in the directory with the maps-result fields', async () => {
    const response = await app.request(
      '/oauth/business-lookup',
      json(token, { business_name: 'golden gate dental', address: '' }),
    );
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as { results: Array<Record<string, unknown>> };
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      name: 'Golden Gate Dental Care',
      address: '450 Sutter St, Suite 1200, San Francisco, CA 94108, USA',
      website: 'https://goldengatedental.example',
      phone: '+1 415-555-0187',
      rating: 4.8,
    });
    expect(results[0]!.hours).toContain('Monday: 8:00 AM – 5:00 PM');
  });

  it('answers an empty list for an unknown business, so manual entry is the path', async () => {
    const response = await app.request(
      '/oauth/business-lookup',
      json(token, { business_name: "Nobody's Bistro" }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ results: [] });
  });

  it('requires a non-empty business name and a token', async () => {
    for (const body of [{}, { business_name: '   ' }, { business_name: 42 }]) {
      const response = await app.request('/oauth/business-lookup', json(token, body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error).toBe('validation_error');
    }
    const anonymous = await app.request('/oauth/business-lookup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ business_name: 'Bella' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('populates config fields from the best match, or 404 with the spec text', async () => {
    const response = await app.request(
      '/oauth/business-lookup/populate',
      json(token, { business_name: 'Sunset Auto Repair', address: 'Los Angeles, CA' }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      populated_config: {
        business_name: 'Sunset Auto Repair',
        website: 'https://sunsetautorepair.example',
        phone_number: '+1 323-555-0119',
        address: '3870 Sunset Blvd, Los Angeles, CA 90026, USA',
        business_hours: {
          weekday_text: [
            'Monday: 7:30 AM – 6:00 PM',
            'Tuesday: 7:30 AM – 6:00 PM',
            'Wednesday: 7:30 AM – 6:00 PM',
            'Thursday: 7:30 AM – 6:00 PM',
            'Friday: 7:30 AM – 6:00 PM',
            'Saturday: 8:00 AM – 2:00 PM',
            'Sunday: Closed',
          ],
        },
      },
    });

    for (const body of [
      { business_name: 'Sunset Auto Repair', address: 'Miami' },
      { business_name: 'x', place_id: 'nope' },
    ]) {
      const missing = await app.request('/oauth/business-lookup/populate', json(token, body));
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({
        error: 'not_found',
        message: 'Business details not found. Please try manual entry',
      });
    }
  });

  it('limits lookups per user with a 429 and the spec text, without touching other users', async () => {
    const busy = await createConfirmedUser(services, 'busy-lookup');
    const { limit } = USER_QUOTAS.businessLookup;
    for (let i = 0; i < limit; i++) {
      const ok = await app.request(
        '/oauth/business-lookup',
        json(busy.tokens.IdToken, { business_name: 'Bella' }),
      );
      expect(ok.status).toBe(200);
    }
    for (const path of ['/oauth/business-lookup', '/oauth/business-lookup/populate']) {
      const limited = await app.request(path, json(busy.tokens.IdToken, { business_name: 'Bella' }));
      expect(limited.status).toBe(429);
      // Every per-owner ceiling says when to try again (docs/decisions/158).
      const retryAfter = Number(limited.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(await limited.json()).toEqual({
        error: 'too_many_requests',
        message: 'Too many requests. Please wait a moment and try again',
        details: { retry_after_seconds: retryAfter },
      });
    }
    const other = await app.request('/oauth/business-lookup', json(token, { business_name: 'Bella' }));
    expect(other.status).toBe(200);
  });
});
