import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SERVICE_LIMITS } from '@shared/service-limits';

export type DynamoConnection = {
  region: string;
  endpoint: string | undefined;
  /** Tests shorten these to provoke timeouts quickly. */
  connectionTimeoutMs?: number;
  requestTimeoutMs?: number;
};

/**
 * One document client per process; DynamoDB Local takes any credentials. Without explicit timeouts the SDK
 * waits on a dead endpoint for as long as the socket allows, so a database outage turned into requests hanging
 * for 20 s or more; bounded timeouts and attempts make it a fast 503 instead (errors/database-faults.ts).
 */
export function createDynamoClients({
  region,
  endpoint,
  connectionTimeoutMs = SERVICE_LIMITS.dynamoConnectionTimeoutMs,
  requestTimeoutMs = SERVICE_LIMITS.dynamoRequestTimeoutMs,
}: DynamoConnection) {
  const client = new DynamoDBClient({
    region,
    maxAttempts: SERVICE_LIMITS.dynamoMaxAttempts,
    // throwOnRequestTimeout: without it the SDK only logs a warning when requestTimeout passes and keeps waiting.
    requestHandler: {
      connectionTimeout: connectionTimeoutMs,
      requestTimeout: requestTimeoutMs,
      throwOnRequestTimeout: true,
    },
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  });
  return { client, doc };
}
export type DynamoClients = ReturnType<typeof createDynamoClients>;
