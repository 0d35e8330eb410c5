/**
 * Limits the API enforces on every request (issue 10 §8–9); the backend and the tests read them from here.
 */
export const SERVICE_LIMITS = {
  /** Largest request body the API reads; bigger ones get 413 before any handler runs. */
  maxRequestBodyBytes: 256 * 1024,
  /** Seconds a client should wait before retrying when the database is unreachable (503 Retry-After). */
  databaseRetryAfterSeconds: 5,
  /** DynamoDB client: time to open a connection, and to get a whole answer, in milliseconds. */
  dynamoConnectionTimeoutMs: 1_000,
  dynamoRequestTimeoutMs: 3_000,
  /** Attempts per DynamoDB call (first try + retries), so an outage fails in seconds, not tens of seconds. */
  dynamoMaxAttempts: 2,
} as const;
