import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { createBusinessConfigRepository } from '../../backend/src/capabilities/setup/records/business-config';
import { createBotCalendarRepository } from '../../backend/src/capabilities/calendars/records/bot-calendars';
import { createCalendarConnectionRepository } from '../../backend/src/capabilities/calendars/records/calendar-connections';
import { createPayoutRepository } from '../../backend/src/capabilities/payouts/records/payouts';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const READY = { details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements_due: [] };
const PENDING = { ...READY, charges_enabled: false, payouts_enabled: false };

/**
 * The config keeps what the calendar connections, the Business Calendar and payouts say on its own item
 * (`setup_sources`, docs/decisions/187-config-one-read.md): the config's answer is one GetItem, every
 * writer of those items updates the map in its own transaction, and a config without the map is migrated
 * once on read without ever storing a stale value.
 */
const sendForReal = DynamoDBDocumentClient.prototype.send as (command: unknown) => Promise<unknown>;

describe('setup sources kept on the config item', async () => {
  const { app, doc, tableName, services } = await createTestApp();
  const configs = createBusinessConfigRepository(doc, tableName);
  const botCalendars = createBotCalendarRepository(doc, tableName);
  const connections = createCalendarConnectionRepository(doc, tableName);
  const payouts = createPayoutRepository(doc, tableName);
  let owners = 0;
  const newOwner = async () => {
    const id = `sources-owner-${(owners += 1)}`;
    await configs.createConfig(id, { business_name: 'Sources Salon' });
    return id;
  };
  const storedMap = async (id: string) =>
    (
      await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.businessConfig(id), ConsistentRead: true }),
      )
    ).Item?.setup_sources as Record<string, boolean> | undefined;
  /** A document client that records every command it sends (and can act between two of them). */
  const recording = (before?: (name: string) => Promise<void>) => {
    const sent: string[] = [];
    const client = {
      send: async (command: { constructor: { name: string } }) => {
        sent.push(command.constructor.name);
        await before?.(command.constructor.name);
        return doc.send(command as never);
      },
    } as unknown as DynamoDBDocumentClient;
    return { sent, client };
  };
  const botCalendar = (id: string) =>
    botCalendars.createOnce(id, {
      calendar_id: `bot-${id}`,
      name: 'Business Calendar',
      assistant_phone: '+14155550100',
      assistant_email: 'assistant-14155550100@example.com',
      business_name: 'Sources Salon',
    });

  it('reads a migrated config with one GetItem and never shows the map in an answer', async () => {
    const id = await newOwner();
    await configs.getConfigWithSetup(id); // migrates the new config
    const { sent, client } = recording();
    const read = await createBusinessConfigRepository(client, tableName).getConfigWithSetup(id);
    expect(sent).toEqual(['GetCommand']);
    expect(read.setup).toEqual({ bot_calendar: false, calendar_connected: false, payouts_ready: false });
    expect(read.config?.business_name).toBe('Sources Salon');
    expect(read.config).not.toHaveProperty('setup_sources');
    expect(await configs.getConfig(id)).not.toHaveProperty('setup_sources');
    expect(await configs.updateConfigFields(id, { website: 'https://x.example' })).not.toHaveProperty(
      'setup_sources',
    );
  });

  it('a missing config is one GetItem too, and a source written without a config creates none', async () => {
    const { sent, client } = recording();
    expect(
      (await createBusinessConfigRepository(client, tableName).getConfigWithSetup('nobody')).config,
    ).toBe(undefined);
    expect(sent).toEqual(['GetCommand']);
    await connections.saveConnected('nobody', 'calendly', { access_token_enc: 'sealed' });
    await botCalendar('nobody');
    expect(await configs.getConfig('nobody')).toBeUndefined();
    expect((await connections.list('nobody')).map((c) => c.status)).toEqual(['connected']);
  });

  it('migrates a config written before the map from the items, once, then reads it with one GetItem', async () => {
    const id = 'sources-legacy';
    await doc.send(
      new PutCommand({ TableName: tableName, Item: { ...keys.businessConfig(id), business_name: 'Old' } }),
    );
    await doc.send(
      new PutCommand({ TableName: tableName, Item: { ...keys.botCalendar(id), calendar_id: 'bot' } }),
    );
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.payouts(id), account_id: 'acct_legacy', ...READY, collected_cents: 0 },
      }),
    );
    const first = recording();
    expect(
      (await createBusinessConfigRepository(first.client, tableName).getConfigWithSetup(id)).setup,
    ).toEqual({ bot_calendar: true, calendar_connected: false, payouts_ready: true });
    expect(first.sent).toEqual(['GetCommand', 'BatchGetCommand', 'TransactWriteCommand']);
    expect(await storedMap(id)).toEqual({
      bot_calendar: true,
      calendar_connected: false,
      payouts_ready: true,
    });
    const second = recording();
    await createBusinessConfigRepository(second.client, tableName).getConfigWithSetup(id);
    expect(second.sent).toEqual(['GetCommand']);
  });

  it('a migration that read the items before a writer changed one stores nothing stale', async () => {
    const id = 'sources-race';
    await doc.send(
      new PutCommand({ TableName: tableName, Item: { ...keys.businessConfig(id), business_name: 'Race' } }),
    );
    await connections.saveConnected(id, 'google_calendar', { access_token_enc: 'sealed' });
    // Between the migration's read of the items and its store, the connection expires.
    const racing = recording(async (name) => {
      if (name === 'TransactWriteCommand') await connections.markExpired(id, 'google_calendar');
    });
    const read = await createBusinessConfigRepository(racing.client, tableName).getConfigWithSetup(id);
    expect(read.setup.calendar_connected).toBe(true); // what it read, a moment ago
    expect(await storedMap(id)).toBeUndefined(); // its store was refused: the item changed
    expect((await configs.getConfigWithSetup(id)).setup.calendar_connected).toBe(false);
    expect(await storedMap(id)).toEqual({
      bot_calendar: false,
      calendar_connected: false,
      payouts_ready: false,
    });
  });

  it('every writer keeps the map in step with its item', async () => {
    const id = await newOwner();
    await configs.getConfigWithSetup(id);
    await connections.saveConnected(id, 'outlook_calendar', { access_token_enc: 'sealed' });
    expect((await storedMap(id))?.calendar_connected).toBe(true);
    await connections.markExpired(id, 'outlook_calendar');
    expect((await storedMap(id))?.calendar_connected).toBe(false);
    await connections.updateTokens(id, 'outlook_calendar', { access_token_enc: 'sealed-again' });
    expect((await storedMap(id))?.calendar_connected).toBe(true);
    await expect(connections.markExpired(id, 'google_calendar')).rejects.toThrow(/No google_calendar/);
    expect((await storedMap(id))?.calendar_connected).toBe(true);

    expect((await botCalendar(id)).created).toBe(true);
    expect((await storedMap(id))?.bot_calendar).toBe(true);
    expect((await botCalendar(id)).created).toBe(false);

    expect(await payouts.claimAccount(id, `acct_${id}`)).toEqual({
      result: 'claimed',
      accountId: `acct_${id}`,
    });
    expect((await storedMap(id))?.payouts_ready).toBe(false);
    expect(await payouts.syncAccount(id, `acct_${id}`, READY)).toBe(true);
    expect((await storedMap(id))?.payouts_ready).toBe(true);
    expect(await payouts.syncAccount(id, 'acct_someone_else', PENDING)).toBe(false);
    expect((await storedMap(id))?.payouts_ready).toBe(true);
    expect(await payouts.syncAccount(id, `acct_${id}`, PENDING)).toBe(true);
    expect((await storedMap(id))?.payouts_ready).toBe(false);
    expect(await payouts.claimAccount(id, 'acct_second')).toEqual({
      result: 'other',
      accountId: `acct_${id}`,
    });
  });

  it('parallel writers of different sources do not lose each other’s update', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => newOwner()));
    await Promise.all(ids.map((id) => configs.getConfigWithSetup(id)));
    await Promise.all(ids.map((id) => payouts.claimAccount(id, `acct_p_${id}`)));
    await Promise.all(
      ids.flatMap((id) => [
        botCalendar(id),
        connections.saveConnected(id, 'google_calendar', { access_token_enc: 'sealed' }),
        connections.saveConnected(id, 'calendly', { access_token_enc: 'sealed' }),
        payouts.syncAccount(id, `acct_p_${id}`, READY),
      ]),
    );
    for (const id of ids) {
      expect(await storedMap(id)).toEqual({
        bot_calendar: true,
        calendar_connected: true,
        payouts_ready: true,
      });
    }
  });

  it('writers racing the migration leave a map that agrees with the items', async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `sources-unmigrated-${i}`);
    await Promise.all(
      ids.map((id) =>
        doc.send(
          new PutCommand({ TableName: tableName, Item: { ...keys.businessConfig(id), business_name: 'U' } }),
        ),
      ),
    );
    await Promise.all(
      ids.flatMap((id) => [
        configs.getConfigWithSetup(id),
        connections.saveConnected(id, 'google_calendar', { access_token_enc: 'sealed' }),
        configs.getConfigWithSetup(id),
        botCalendar(id),
        configs.getConfigWithSetup(id),
      ]),
    );
    for (const id of ids) {
      const { setup } = await configs.getConfigWithSetup(id);
      expect(setup).toEqual({ bot_calendar: true, calendar_connected: true, payouts_ready: false });
      expect(await storedMap(id)).toEqual(setup);
    }
  });

  it('the config route answers the modules from the map, without showing it', async () => {
    const owner = await createConfirmedUser(services, 'sources-route-owner');
    await configs.createConfig(owner.sub, { business_name: 'Route Salon' });
    const get = async () => {
      const response = await app.request(`/oauth/users/${owner.sub}/config`, {
        headers: { Authorization: `Bearer ${owner.tokens.IdToken}` },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as Record<string, unknown>;
    };
    expect((await get()).authorized_modules).toEqual([]);
    await payouts.claimAccount(owner.sub, `acct_${owner.sub}`);
    await payouts.syncAccount(owner.sub, `acct_${owner.sub}`, READY);
    const answer = await get();
    expect(answer.authorized_modules).toEqual(['booking']);
    expect(answer).not.toHaveProperty('setup_sources');
  });

  it('a signed-in config request reads the config once, and the revocation check at most once a second', async () => {
    const owner = await createConfirmedUser(services, 'sources-count-owner');
    await configs.createConfig(owner.sub, { business_name: 'Count Salon' });
    const get = () =>
      app.request(`/oauth/users/${owner.sub}/config`, {
        headers: { Authorization: `Bearer ${owner.tokens.IdToken}` },
      });
    expect((await get()).status).toBe(200); // migrates the map, verifies and caches the token
    const sent: Array<{ name: string; input: string }> = [];
    const send = vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(function (
      this: DynamoDBDocumentClient,
      command: unknown,
    ) {
      const { constructor, input } = command as { constructor: { name: string }; input: unknown };
      sent.push({ name: constructor.name, input: JSON.stringify(input) });
      return sendForReal.call(this, command);
    } as never);
    const started = performance.now();
    try {
      for (let i = 0; i < 20; i += 1) expect((await get()).status).toBe(200);
    } finally {
      send.mockRestore();
    }
    const seconds = (performance.now() - started) / 1000;
    const ofOwner = sent.filter((call) => call.input.includes(owner.sub));
    const configReads = ofOwner.filter((call) => call.input.includes('"CONFIG"'));
    expect(configReads.map((call) => call.name)).toEqual(Array(20).fill('GetCommand'));
    // Everything else this owner's requests read is the session-revocation check, cached for 1 s.
    const others = ofOwner.filter((call) => !call.input.includes('"CONFIG"'));
    expect(others.every((call) => call.name === 'BatchGetCommand')).toBe(true);
    expect(others.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });
});
