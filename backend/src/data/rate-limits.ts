import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Fixed-window counters in the app table, so a limit holds across every Lambda instance. Each window's
 * item expires by TTL shortly after the window ends.
 */
export function createRateLimiter(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => number = Date.now,
) {
  return {
    /** Counts one hit for `key`; true while the window's count stays within `limit`. */
    async hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
      const windowStart = Math.floor(now() / 1000 / windowSeconds) * windowSeconds;
      const { Attributes } = await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: `RATE#${key}`, sk: `WINDOW#${windowStart}` },
          UpdateExpression: 'ADD hits :one SET expires_at = if_not_exists(expires_at, :expires)',
          ExpressionAttributeValues: { ':one': 1, ':expires': windowStart + windowSeconds * 2 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(Attributes?.hits ?? 0) <= limit;
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
