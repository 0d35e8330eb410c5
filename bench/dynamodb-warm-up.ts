import {
  BatchGetCommand,
  GetCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';

/**
 * The calls of each kind that bring a fresh DynamoDB Local to its steady speed. Its JVM runs a kind of
 * request interpreted at first and compiles it only after some hundreds of calls. Measured on a fresh
 * instance (session 45, bench/README.md `telephony_first_ring`): a four-item TransactWriteItems took
 * 129 ms on the first call, 12-16 ms for the next five, 6-8 ms around the fiftieth and 3-4 ms from
 * about the hundredth on. A consistent GetItem went from 4 to 1.5 ms, a BatchGetItem from 7 to 2 ms. A
 * DynamoDB table in AWS is never cold like this.
 */
export const DYNAMODB_WARM_UP_CALLS = 300;

/** Where the warm-up writes: a partition of its own, which nothing a stage measures reads. */
const WARM_UP_PARTITION = 'BENCH#DYNAMODB-WARM-UP';

/**
 * Brings DynamoDB Local's request paths to their steady speed before a stage times a few requests against
 * it. Each round makes one call of each kind an answer makes: a consistent BatchGetItem of several keys,
 * a TransactWriteItems with a conditional counter update and three puts (a conversation's start), and a
 * consistent GetItem. All of them touch only the warm-up's own partition.
 */
export async function warmDynamoDbLocal(
  doc: DynamoDBDocumentClient,
  tableName: string,
  calls = DYNAMODB_WARM_UP_CALLS,
): Promise<void> {
  const key = (sk: string) => ({ pk: WARM_UP_PARTITION, sk });
  for (let round = 0; round < calls; round += 1) {
    await doc.send(
      new BatchGetCommand({
        RequestItems: {
          [tableName]: {
            Keys: ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => key(`READ#${name}`)),
            ConsistentRead: true,
          },
        },
      }),
    );
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName,
              Key: key('COUNT'),
              UpdateExpression: 'ADD #count :one',
              ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':one': 1, ':limit': calls + 1 },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { ...key(`STATE#${round}`), round },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: tableName, Item: { ...key(`RECORD#${round}`), round } } },
          { Put: { TableName: tableName, Item: { ...key(`MARKER#${round}`), round } } },
        ],
      }),
    );
    await doc.send(new GetCommand({ TableName: tableName, Key: key('COUNT'), ConsistentRead: true }));
  }
}
