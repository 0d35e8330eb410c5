import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { createLocalOutbox } from '../../backend/src/local/ses/local-outbox';
import { createConfirmedUser } from '../support/cognito-users';
import { storeSubscription } from '../support/subscriptions';
import { createTestApp } from '../support/test-app';

describe('bot calendar: create-calendar and share-calendar', async () => {
  const { app, deps, doc, tableName, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'bot-owner');
  const other = await createConfirmedUser(services, 'bot-other');
  const post = (path: string, body: unknown, token = owner.tokens.IdToken, userId = owner.sub) =>
    app.request(`/oauth/users/${userId}/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("answers 'Assistant phone number not configured' without a phone in the body or the config", async () => {
    const response = await post('create-calendar', { business_name: 'Test Salon' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'bad_request',
      message: 'Assistant phone number not configured',
    });
    const item = await doc.send(new GetCommand({ TableName: tableName, Key: keys.botCalendar(owner.sub) }));
    expect(item.Item).toBeUndefined();
  });

  it("creates 'Business Calendar' once, owned by the assistant's e-mail, and returns it again after", async () => {
    // The calendar takes the owner's own assistant phone and business name from the config.
    await deps.data.businessConfigs.createConfig(owner.sub, {
      business_name: 'Test Salon',
      assistant_phone: '+14155550134',
    });
    const first = await post('create-calendar', {
      assistant_phone: '+14155550134',
      business_name: 'Test Salon',
    });
    expect(first.status).toBe(200);
    const created = (await first.json()) as { created: boolean; calendar: Record<string, string> };
    expect(created).toMatchObject({
      success: true,
      created: true,
      calendar: {
        name: 'Business Calendar',
        assistant_email: 'assistant14155550134@ringly.example',
        business_name: 'Test Salon',
      },
    });
    const again = (await (await post('create-calendar', { assistant_phone: '+19995550000' })).json()) as {
      created: boolean;
      calendar: Record<string, string>;
    };
    expect(again.created).toBe(false);
    expect(again.calendar).toEqual(created.calendar);
  });

  it('takes the phone and name from the stored config when the body has none', async () => {
    await deps.data.businessConfigs.createConfig(other.sub, {
      business_name: 'Other Dental',
      assistant_phone: '+16045550199',
    });
    const response = await post('create-calendar', {}, other.tokens.IdToken, other.sub);
    expect(await response.json()).toMatchObject({
      created: true,
      calendar: { assistant_email: 'assistant16045550199@ringly.example', business_name: 'Other Dental' },
    });
  });

  it("answers 'User email not found' without an e-mail, and 400 for one that is not an address", async () => {
    for (const body of [{}, { user_email: '  ' }]) {
      const response = await post('share-calendar', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'bad_request', message: 'User email not found' });
    }
    expect((await post('share-calendar', { user_email: 'not-an-address' })).status).toBe(400);
  });

  it('shares the calendar: records it and e-mails the owner the details', async () => {
    await storeSubscription(deps, owner.sub, 'trialing');
    const response = await post('share-calendar', {
      user_email: owner.email,
      assistant_phone: '+14155550134',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      message:
        'Calendar shared successfully! We e-mailed you a private link: subscribe to it in any calendar app.',
      feed: { active: true },
    });
    const share = await doc.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.botCalendarShare(owner.sub, owner.email.toLowerCase()),
      }),
    );
    expect(share.Item).toMatchObject({ email: owner.email.toLowerCase() });
    const mail = (await createLocalOutbox(services.outboxDir).list()).find(
      (m) => m.to === owner.email && m.kind === 'calendar-share',
    );
    expect(mail?.subject).toBe('Calendar shared: Business Calendar');
    expect(mail?.text).toContain('assistant14155550134@ringly.example');
    expect(mail?.text).toContain('Test Salon');
  });

  it("refuses another owner's path with 403 and writes nothing", async () => {
    const third = await createConfirmedUser(services, 'bot-third');
    for (const path of ['create-calendar', 'share-calendar']) {
      const response = await post(
        path,
        { assistant_phone: '+14155550100', user_email: 'x@example.com' },
        owner.tokens.IdToken,
        third.sub,
      );
      expect(response.status).toBe(403);
    }
    const item = await doc.send(new GetCommand({ TableName: tableName, Key: keys.botCalendar(third.sub) }));
    expect(item.Item).toBeUndefined();
    expect((await post('create-calendar', {}, 'not.a.token', owner.sub)).status).toBe(401);
  });

  it('validates the phone format', async () => {
    const response = await post('create-calendar', { assistant_phone: 'call me maybe' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('validation_error');
  });
});
