import {
  BatchWriteCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';

/** DynamoDB's BatchWriteItem limit. */
const BATCH_SIZE = 25;
const MAX_BATCH_ATTEMPTS = 8;

/** Puts or deletes in BatchWriteItem chunks of 25, retrying (with backoff) what DynamoDB hands back unprocessed. */
export async function writeInBatches(
  doc: DynamoDBDocumentClient,
  tableName: string,
  all: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  for (let start = 0; start < all.length; start += BATCH_SIZE) {
    let requests = all.slice(start, start + BATCH_SIZE);
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt >= MAX_BATCH_ATTEMPTS) throw new Error('batch write kept being throttled');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const { UnprocessedItems } = await doc.send(
        new BatchWriteCommand({ RequestItems: { [tableName]: requests as never } }),
      );
      requests = (UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
}

/** Every item a Query matches, a page at a time (LastEvaluatedKey followed to the end). */
export async function* queryAll(
  doc: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): AsyncGenerator<Record<string, unknown>> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    yield* (page.Items ?? []) as Array<Record<string, unknown>>;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
