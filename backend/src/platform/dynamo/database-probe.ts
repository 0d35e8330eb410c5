import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Readiness: one read by key of an item that never exists; it succeeds only when the table answers. */
export const createDatabaseProbe = (doc: DynamoDBDocumentClient, tableName: string) => async () => {
  await doc.send(new GetCommand({ TableName: tableName, Key: { pk: 'HEALTH', sk: 'PROBE' } }));
};
export type DatabaseProbe = ReturnType<typeof createDatabaseProbe>;
