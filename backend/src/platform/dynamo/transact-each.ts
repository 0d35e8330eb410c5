import {
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { transactionConditionFailures } from './condition-failures';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const ATTEMPTS = 8;
/** Items per transaction: DynamoDB takes 100; fewer keeps a conflict's retry small. */
const CHUNK = 25;

/**
 * One conditional write per id, in transactions of `CHUNK`: ids whose condition fails are dropped and the
 * rest written again (a conflict with another transaction waits and retries). Returns the ids written. One
 * request per chunk instead of one per id: what lets a sweep of 10,000 claims stay cheap.
 */
export async function transactEach<Id>(
  doc: DynamoDBDocumentClient,
  ids: readonly Id[],
  item: (id: Id) => TransactItem,
): Promise<Id[]> {
  const written: Id[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    let pending = ids.slice(start, start + CHUNK);
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      try {
        await doc.send(new TransactWriteCommand({ TransactItems: pending.map(item) }));
        written.push(...pending);
        break;
      } catch (error) {
        const failed = transactionConditionFailures(error);
        if (!failed || attempt >= ATTEMPTS) throw error;
        if (failed.some(Boolean)) pending = pending.filter((_, index) => !failed[index]);
        else await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
      }
    }
  }
  return written;
}
