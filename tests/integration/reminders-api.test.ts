import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REMINDER_TEXTS } from '../../shared/reminders';
import { DEFAULT_REMINDER_SETTINGS } from '../../shared/schemas/reminders';
import { callApi } from '../support/api-calls';
import { createAssistantLine } from '../support/assistant-line';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const NOW = new Date('2027-01-20T15:00:00.000Z');
const valid = { enabled: true, offsets_hours: [2, 24], quiet_start_hour: 20, quiet_end_hour: 9, note: '' };

/** GET/PUT /oauth/users/{id}/reminders and GET /api/analytics/appointments (docs/decisions/175). */
describe('reminder settings and appointment rates over the API', async () => {
  let clock = NOW;
  const { app, deps, services } = await createTestApp({}, { now: () => clock });

  it('answers the defaults, saves valid settings with enabled_since, refuses bad ones and other owners', async () => {
    const user = await createConfirmedUser(services, `remind-${randomUUID().slice(0, 6)}`);
    const other = await createConfirmedUser(services, `remind-other-${randomUUID().slice(0, 6)}`);
    const path = `/oauth/users/${user.sub}/reminders`;
    const token = user.tokens.IdToken;
    expect((await callApi(app, 'GET', path, token)).body).toEqual(DEFAULT_REMINDER_SETTINGS);

    const saved = await callApi(app, 'PUT', path, token, valid);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...valid, offsets_hours: [24, 2], enabled_since: NOW.toISOString() });
    // Saving again while on keeps the switch-on time; off then on moves it.
    clock = new Date(NOW.getTime() + 60_000);
    expect(
      (await callApi(app, 'PUT', path, token, { ...valid, note: 'See you soon.' })).body.enabled_since,
    ).toBe(NOW.toISOString());
    expect((await callApi(app, 'PUT', path, token, { ...valid, enabled: false })).body.enabled_since).toBe(
      NOW.toISOString(),
    );
    clock = new Date(NOW.getTime() + 120_000);
    expect((await callApi(app, 'PUT', path, token, valid)).body.enabled_since).toBe(clock.toISOString());

    for (const [body, message] of [
      [{ ...valid, offsets_hours: [48, 24, 2] }, REMINDER_TEXTS.tooManyOffsets],
      [{ ...valid, offsets_hours: [5] }, REMINDER_TEXTS.badOffset],
      [{ ...valid, quiet_start_hour: 22 }, REMINDER_TEXTS.badQuietStart],
      [{ ...valid, note: 'Book again at https://evil.example' }, REMINDER_TEXTS.noteNoLinks],
      [{ ...valid, note: 'Reply STOP to opt out' }, REMINDER_TEXTS.noteKeyword],
    ] as const) {
      const refused = await callApi(app, 'PUT', path, token, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBeTruthy();
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    expect((await callApi(app, 'GET', path, token)).body.offsets_hours).toEqual([24, 2]);
    expect((await callApi(app, 'PUT', path, other.tokens.IdToken, valid)).status).toBe(403);
    expect((await callApi(app, 'GET', path)).status).toBe(401);
  });

  it('two saves at once agree on one switch-on time', async () => {
    const user = await createConfirmedUser(services, `remind-race-${randomUUID().slice(0, 6)}`);
    const path = `/oauth/users/${user.sub}/reminders`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        return callApi(app, 'PUT', path, user.tokens.IdToken, { ...valid, note: `Line ${i}.` });
      }),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.enabled_since)).size).toBe(1);
  });

  it('rates the range: confirmed ÷ reminded and no-shows ÷ marked, before and after the switch-on', async () => {
    const user = await createConfirmedUser(services, `remind-rates-${randomUUID().slice(0, 6)}`);
    clock = new Date('2027-01-10T15:00:00.000Z');
    const { ownerId } = await createAssistantLine(deps, { ownerId: user.sub });
    const book = async (startsAt: string) => {
      const result = await deps.data.appointments.book(ownerId, {
        starts_at: startsAt,
        ends_at: new Date(Date.parse(startsAt) + 1_800_000).toISOString(),
        customer_name: 'Ana',
        customer_phone: '+14155550700',
        service: null,
        conversation_id: null,
        channel: 'sms',
        deposit: null,
      });
      if (!result.ok) throw new Error('taken');
      return result.appointment;
    };
    const before = await book('2027-01-12T15:00:00.000Z');
    await deps.data.appointments.confirm(ownerId, before.id, clock);
    const path = `/api/analytics/appointments?timeRange=30d`;
    clock = new Date('2027-01-14T15:00:00.000Z');
    expect(
      (await callApi(app, 'PUT', `/oauth/users/${ownerId}/reminders`, user.tokens.IdToken, valid)).status,
    ).toBe(200);
    const reminded = await book('2027-01-16T15:00:00.000Z');
    const confirmed = await book('2027-01-17T15:00:00.000Z');
    await deps.data.appointments.markReminded(ownerId, [reminded.id, confirmed.id], clock);
    await deps.data.appointments.confirm(ownerId, confirmed.id, clock);
    clock = new Date('2027-01-20T15:00:00.000Z');
    const rates = await callApi(app, 'GET', path, user.tokens.IdToken);
    expect(rates.status).toBe(200);
    expect(rates.body).toMatchObject({
      reminders_enabled_since: '2027-01-14T15:00:00.000Z',
      before: { appointments: 1, reminded: 0, confirmation_rate: null, no_show_rate: null },
      after: { appointments: 2, reminded: 2, confirmed: 1, confirmation_rate: 0.5 },
    });
    expect(
      (await callApi(app, 'GET', '/api/analytics/appointments?timeRange=1y', user.tokens.IdToken)).status,
    ).toBe(400);
  });
});
