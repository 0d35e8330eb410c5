import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** API Gateway WebSocket connections, kept with a TTL so abandoned ones disappear (docs/data-model.md). */
export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

export function createSocketConnectionRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => number = Date.now,
) {
  const key = (connectionId: string) => ({ pk: `WSCONN#${connectionId}`, sk: 'CONNECTION' });
  return {
    async save(connectionId: string, userId: string) {
      const connectedAt = Math.floor(now() / 1000);
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...key(connectionId),
            user_id: userId,
            connected_at: connectedAt,
            expires_at: connectedAt + CONNECTION_TTL_SECONDS,
          },
        }),
      );
    },
    async remove(connectionId: string) {
      await doc.send(new DeleteCommand({ TableName: tableName, Key: key(connectionId) }));
    },
  };
}
