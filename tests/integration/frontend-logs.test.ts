import { describe, expect, it } from 'vitest';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7', ...headers },
  body: JSON.stringify(body),
});
const event = {
  event_type: 'user_login',
  timestamp: new Date().toISOString(),
  login_method: 'email_password',
};

describe('POST /api/logs/frontend', async () => {
  const { app, logLines, services } = await createTestApp({ FRONTEND_LOG_RATE_LIMIT: '3' });
  const owner = await createConfirmedUser(services, 'logger');

  it('writes a valid event as one structured log line with the verified subject', async () => {
    const response = await app.request(
      '/api/logs/frontend',
      post(
        { ...event, cognito_user_id: owner.sub, user_email: owner.email },
        { Authorization: `Bearer ${owner.tokens.IdToken}` },
      ),
    );
    expect(response.status).toBe(202);
    const line = logLines.find((l) => l.message === 'frontend_event' && l.cognito_user_id === owner.sub);
    expect(line).toMatchObject({
      level: 'info',
      event_type: 'user_login',
      verified_user_id: owner.sub,
      source: 'frontend',
    });
  });

  it('rejects an unknown event type or unknown fields with a 400 naming the field, and logs nothing', async () => {
    const before = logLines.length;
    const badType = await app.request('/api/logs/frontend', post({ ...event, event_type: 'hack' }));
    expect(badType.status).toBe(400);
    const body = await badType.json();
    expect(body.error).toBe('validation_error');
    expect(body.details[0].path).toBe('event_type');

    const extra = await app.request('/api/logs/frontend', post({ ...event, password: 'x' }));
    expect(extra.status).toBe(400);
    expect(logLines.length).toBe(before);
  });

  it('limits events per client per minute with a 429', async () => {
    const headers = { 'X-Forwarded-For': '198.51.100.9' };
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await app.request('/api/logs/frontend', post(event, headers))).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
  });
});
