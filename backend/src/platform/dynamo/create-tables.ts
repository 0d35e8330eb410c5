import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { APP_TABLE } from './table-definition';

/** Creates the app table if it does not exist (idempotent): used by `npm start` and the tests, never in AWS. */
export async function ensureAppTable(
  client: DynamoDBClient,
  tableName: string,
  { timeToLive = true }: { timeToLive?: boolean } = {},
): Promise<'created' | 'exists'> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'exists';
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
  }
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: APP_TABLE.partitionKey, AttributeType: 'S' },
          { AttributeName: APP_TABLE.sortKey, AttributeType: 'S' },
          { AttributeName: APP_TABLE.gsi1.partitionKey, AttributeType: 'S' },
          { AttributeName: APP_TABLE.gsi1.sortKey, AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: APP_TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: APP_TABLE.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: APP_TABLE.gsi1.name,
            KeySchema: [
              { AttributeName: APP_TABLE.gsi1.partitionKey, KeyType: 'HASH' },
              { AttributeName: APP_TABLE.gsi1.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
  } catch (error) {
    // Two processes starting at once may race to create it; the loser simply finds it there.
    if (!(error instanceof ResourceInUseException)) throw error;
    return 'exists';
  }
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
  if (!timeToLive) return 'created';
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: APP_TABLE.ttlAttribute, Enabled: true },
    }),
  );
  return 'created';
}
