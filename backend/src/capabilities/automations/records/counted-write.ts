import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { transactionConditionFailures } from '../../../platform/dynamo/condition-failures';

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

const ATTEMPTS = 6;

/**
 * Sends a transaction that moves an owner's counter with the items it counts. Returns undefined when it was
 * written, else which items' conditions failed. A cancellation with no failed condition is a conflict with a
 * parallel transaction on the same counter: it is tried again after a short random wait, so parallel creates
 * end in "written" or "limit reached", never in a 500.
 */
export async function sendCounted(
  doc: DynamoDBDocumentClient,
  items: TransactItems,
): Promise<boolean[] | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await doc.send(new TransactWriteCommand({ TransactItems: items }));
      return undefined;
    } catch (error) {
      const failures = transactionConditionFailures(error);
      if (!failures) throw error;
      if (failures.some(Boolean)) return failures;
      if (attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}

/** The counter update that raises an owner's count while it is under `limit`. */
export const raiseCount = (tableName: string, key: { pk: string; sk: string }, limit: number) => ({
  Update: {
    TableName: tableName,
    Key: key,
    UpdateExpression: 'SET #n = if_not_exists(#n, :zero) + :one',
    ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
    ExpressionAttributeNames: { '#n': 'count' },
    ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':limit': limit },
  },
});

/** The counter update that lowers it with a removal (never below zero). */
export const lowerCount = (tableName: string, key: { pk: string; sk: string }) => ({
  Update: {
    TableName: tableName,
    Key: key,
    UpdateExpression: 'SET #n = #n - :one',
    ConditionExpression: '#n > :zero',
    ExpressionAttributeNames: { '#n': 'count' },
    ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
  },
});
