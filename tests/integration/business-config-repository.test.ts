import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { createBusinessConfigRepository } from '../../backend/src/capabilities/setup/records/business-config';
import { createTestApp } from '../support/test-app';

describe('business config repository on DynamoDB Local', async () => {
  const { doc, tableName } = await createTestApp();
  let tick = 0;
  const repo = createBusinessConfigRepository(
    doc,
    tableName,
    () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)),
  );

  it('creates once, then returns the existing config unchanged', async () => {
    const first = await repo.createConfig('user-a', { business_name: 'Glow' });
    expect(first.created).toBe(true);
    expect(first.config.business_id).toMatch(/^[0-9a-f-]{36}$/);
    const second = await repo.createConfig('user-a', { business_name: 'Other' });
    expect(second).toEqual({ created: false, config: first.config });
  });

  it('updates only the given fields, keeps business_id, and refuses a missing config', async () => {
    const { config } = await repo.createConfig('user-b', {
      business_name: 'Glow',
      website: 'https://glow.example',
    });
    const updated = await repo.updateConfigFields('user-b', {
      website: 'https://new.example',
      assistant_name: undefined,
    });
    expect(updated).toMatchObject({
      business_id: config.business_id,
      business_name: 'Glow',
      website: 'https://new.example',
    });
    expect(updated?.updated_at).not.toBe(config.updated_at);
    expect(await repo.updateConfigFields('nobody', { website: 'https://x.example' })).toBeUndefined();
    expect(await repo.getConfig('nobody')).toBeUndefined();
  });

  it('finds a config by business_id and by its phone through gsi1, only for its owner', async () => {
    const { config } = await repo.createConfig('user-c', {
      business_name: 'Glow',
      phone_number: '+14155550123',
    });
    expect(await repo.findConfigByBusinessId(config.business_id)).toEqual({ userId: 'user-c', config });
    expect(await repo.findConfigByBusinessId('missing')).toBeUndefined();

    expect((await repo.findOwnConfigByPhone('user-c', '415-555-0123'))?.business_id).toBe(config.business_id);
    expect(await repo.findOwnConfigByPhone('user-d', '+14155550123')).toBeUndefined();

    // A new phone moves the phone item with the config, in one transaction.
    await repo.updateConfigFields('user-c', { phone_number: '+14155550999' });
    expect(await repo.findOwnConfigByPhone('user-c', '+14155550123')).toBeUndefined();
    expect((await repo.findOwnConfigByPhone('user-c', '+14155550999'))?.phone_number).toBe('+14155550999');
  });

  it('writes no phone item when the config is missing, and records marked steps once each', async () => {
    expect(await repo.updateConfigFields('user-e', { phone_number: '+14155550111' })).toBeUndefined();
    const phoneItem = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.businessPhone('user-e') }),
    );
    expect(phoneItem.Item).toBeUndefined();
    expect(await repo.markStep('user-e', 1, false)).toBeUndefined();

    await repo.createConfig('user-f', { business_name: 'Glow' });
    await repo.markStep('user-f', 2, false);
    await repo.markStep('user-f', 2, false);
    const marked = await repo.markStep('user-f', 7, true);
    expect(marked).toMatchObject({ marked_steps: [2, 7], setup_completed: true });
    expect((await repo.getConfig('user-f'))?.marked_steps).toEqual([2, 7]);
  });
});
