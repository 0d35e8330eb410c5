import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { freshAppTable } from '../tests/support/fresh-table';
import { warmDynamoDbLocal } from './dynamodb-warm-up';

describe('warmDynamoDbLocal', () => {
  it('makes every round of calls and writes only in its own partition, next to what a stage seeded', async () => {
    const { client, doc, tableName } = await freshAppTable('bench-warm');
    const seeded = { pk: 'USER#owner', sk: 'CONFIG', business_name: 'Seeded' };
    await doc.send(new PutCommand({ TableName: tableName, Item: seeded }));

    await warmDynamoDbLocal(doc, tableName, 3);

    const { Items = [] } = await doc.send(new ScanCommand({ TableName: tableName, ConsistentRead: true }));
    const warmUp = Items.filter((item) => item.pk !== seeded.pk);
    expect(new Set(warmUp.map((item) => item.pk))).toEqual(new Set(['BENCH#DYNAMODB-WARM-UP']));
    // Three rounds: the counter's three increments, and each round's state, record and marker.
    expect(warmUp.find((item) => item.sk === 'COUNT')?.count).toBe(3);
    expect(warmUp.filter((item) => /^(STATE|RECORD|MARKER)#/.test(String(item.sk)))).toHaveLength(9);
    expect(Items.find((item) => item.pk === seeded.pk)).toEqual(seeded);
    client.destroy();
  });
});
