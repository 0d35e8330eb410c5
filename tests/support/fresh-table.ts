import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ensureAppTable } from '../../backend/src/platform/dynamo/create-tables';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';

/**
 * A fresh app table on the run's DynamoDB Local, with its clients: nothing else wired. No expiry sweep
 * unless `timeToLive` (the sweep reads the real clock).
 */
export async function freshAppTable(prefix = 'test', { timeToLive = false } = {}) {
  const services = inject('localServices');
  const tableName = `${prefix}-${randomUUID().slice(0, 8)}`;
  const { client, doc } = createDynamoClients({ region: 'us-east-1', endpoint: services.dynamoDbEndpoint });
  await ensureAppTable(client, tableName, { timeToLive });
  return { client, doc, tableName };
}
