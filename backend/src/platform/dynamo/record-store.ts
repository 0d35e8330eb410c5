import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** What every repository is built from: the document client, the app table and the clock. */
export type RecordStore = {
  doc: DynamoDBDocumentClient;
  tableName: string;
  now: () => Date;
};
