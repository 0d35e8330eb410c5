/**
 * How the scheduled notification jobs fan out through a queue (docs/decisions/162-notification-fan-out.md):
 * the scheduled run lists owners and sends one message per batch of them; workers handle each batch. The
 * backend (planner, worker, local queue) and the stack (queue, dead-letter queue, event source, alarms)
 * read the same numbers here.
 */
/** The setting that names the queue: the stack sets it on the notifications function, the backend reads it. */
export const NOTIFICATIONS_QUEUE_URL_SETTING = 'NOTIFICATIONS_QUEUE_URL';

export const NOTIFICATION_FAN_OUT = {
  /** Owners in one queue message: small enough that one failing owner retries a short batch. */
  ownersPerBatch: 25,
  /**
   * Due markers of one owner handled in one run; the rest stay for the next run (two minutes later), so
   * one flooded owner cannot make a message too large or a batch too slow.
   */
  dueMarkersPerOwnerPerRun: 200,
  /** Due markers in one sweep message (about 125 bytes each): keeps a message far below SQS's 256 KB. */
  dueMarkersPerBatch: 500,
  /** SQS SendMessageBatch takes at most 10 entries and 256 KB in all. */
  messagesPerSend: 10,
  maxSendBytes: 256 * 1024,
  /** The notifications function's timeout: the scheduled listing of 10,000 owners and any one batch fit. */
  functionTimeoutSeconds: 120,
  /** AWS's advice for an SQS event source: six times the function's timeout, so a throttled batch is not re-sent early. */
  visibilityTimeoutSeconds: 720,
  /** Deliveries of a failing batch before it goes to the dead-letter queue (and its alarm fires). */
  maxReceiveCount: 3,
  /** Long enough for every retry (3 × 12 minutes); a sweep older than that is superseded by newer runs. */
  retentionMinutes: 120,
  deadLetterRetentionDays: 14,
  /** Messages per worker invocation; each is reported failed on its own (ReportBatchItemFailures). */
  messagesPerInvocation: 5,
  /** Workers at once: keeps a digest hour's burst of e-mails under SES's default 14 per second. */
  maxConcurrentWorkers: 4,
  /** The queue's oldest message alarm: workers are not keeping up (or not running). */
  oldestMessageAlarmMinutes: 15,
  /** How often the schedule starts each job; a run is named by its slot (two copies of one slot are one run). */
  scheduleMinutes: { sweep: 2, digest: 60 },
} as const;
