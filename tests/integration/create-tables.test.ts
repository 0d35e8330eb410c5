import { DescribeTableCommand, DescribeTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { ensureAppTable } from '../../backend/src/platform/dynamo/create-tables';
import { APP_TABLE } from '../../backend/src/platform/dynamo/table-definition';
import { createTestApp } from '../support/test-app';

describe('ensureAppTable on DynamoDB Local', () => {
  it('creates the table once with its index and TTL, and finds it on later calls', async () => {
    const { client, tableName } = await createTestApp();
    expect(await ensureAppTable(client, tableName)).toBe('exists');
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual([APP_TABLE.gsi1.name]);
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    expect(ttl.TimeToLiveDescription?.AttributeName).toBe(APP_TABLE.ttlAttribute);
  });

  it("leaves expiry off for a test on its own clock, whose items DynamoDB Local's real-time sweep would delete", async () => {
    const { client, tableName } = await createTestApp(
      {},
      { now: () => new Date('2026-01-05T10:00:00.000Z') },
    );
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    expect(ttl.TimeToLiveDescription?.TimeToLiveStatus).toBe('DISABLED');
  });

  it('survives two concurrent creators', async () => {
    const { client } = await createTestApp();
    const name = `race-${Date.now()}`;
    const results = await Promise.all([ensureAppTable(client, name), ensureAppTable(client, name)]);
    expect(results.sort()).toEqual(['created', 'exists']);
  });
});
