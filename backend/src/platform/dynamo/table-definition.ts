/**
 * The single DynamoDB table (see docs/data-model.md). One definition feeds the CDK stack, the local
 * table creation and the tests, so the three can never disagree.
 */
export const APP_TABLE = {
  /** Logical name; the deployed or local physical name comes from configuration. */
  logicalName: 'AppTable',
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Generic inverted/lookup index for access patterns by another key (e.g. phone number). */
  gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** Epoch seconds; DynamoDB deletes expired items (rate-limit windows, idempotency keys, socket connections). */
  ttlAttribute: 'expires_at',
} as const;

export const DEFAULT_LOCAL_TABLE_NAME = 'receptionist-local';
