import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ensureAppTable } from '../../backend/src/platform/dynamo/create-tables';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';

/** A fresh app table on the run's DynamoDB Local (no expiry sweep), with its clients: nothing else wired. */
export async function freshAppTable(prefix = 'test') {
  const services = inject('localServices');
  const tableName = `${prefix}-${randomUUID().slice(0, 8)}`;
  const { client, doc } = createDynamoClients({ region: 'us-east-1', endpoint: services.dynamoDbEndpoint });
  await ensureAppTable(client, tableName, { timeToLive: false });
  return { client, doc, tableName };
}
