import { describe, expect, it } from 'vitest';
import { createBusinessConfigRepository } from '../../backend/src/data/business-config';
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
});
