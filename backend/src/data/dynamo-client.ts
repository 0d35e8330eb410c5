import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export type DynamoConnection = { region: string; endpoint: string | undefined };

/** One document client per process; DynamoDB Local takes any credentials. */
export function createDynamoClients({ region, endpoint }: DynamoConnection) {
  const client = new DynamoDBClient({
    region,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  });
  return { client, doc };
}
export type DynamoClients = ReturnType<typeof createDynamoClients>;
