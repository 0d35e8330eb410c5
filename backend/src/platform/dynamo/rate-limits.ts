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
  const windowKey = (key: string, windowSeconds: number) => {
    const windowStart = Math.floor(now() / 1000 / windowSeconds) * windowSeconds;
    return {
      Key: { pk: `RATE#${key}`, sk: `WINDOW#${windowStart}` },
      expires: windowStart + windowSeconds * 2,
    };
  };

  return {
    /**
     * The same count as `hit`, as one item of a caller's transaction: it fails the transaction (condition
     * at index of this item) once the window holds `limit` hits, so what the limit guards and the count
     * are written together or not at all.
     */
    countedHit(key: string, limit: number, windowSeconds: number) {
      const { Key, expires } = windowKey(key, windowSeconds);
      return {
        Update: {
          TableName: tableName,
          Key,
          UpdateExpression: 'ADD hits :one SET expires_at = if_not_exists(expires_at, :expires)',
          ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
          ExpressionAttributeValues: { ':one': 1, ':expires': expires, ':limit': limit },
        },
      };
    },

    /** Counts one hit for `key`; true while the window's count stays within `limit`. */
    async hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
      const { Key, expires } = windowKey(key, windowSeconds);
      const { Attributes } = await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key,
          UpdateExpression: 'ADD hits :one SET expires_at = if_not_exists(expires_at, :expires)',
          ExpressionAttributeValues: { ':one': 1, ':expires': expires },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(Attributes?.hits ?? 0) <= limit;
    },

    /** Whole seconds until the current window of `windowSeconds` ends: when a refused caller may try again. */
    secondsLeft(windowSeconds: number): number {
      const nowSeconds = now() / 1000;
      const windowEnd = (Math.floor(nowSeconds / windowSeconds) + 1) * windowSeconds;
      return Math.max(1, Math.ceil(windowEnd - nowSeconds));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
