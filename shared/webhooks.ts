/**
 * Signed outbound webhooks (docs/decisions/178-outbound-webhooks.md): the limits, retry schedule and SSRF
 * rules the sender, the routes, the dashboard and the stack read. One source of truth for each number.
 */

/** The events Ringly sends to the owner's tools; their payloads are in shared/schemas/webhook-events.ts. */
export const WEBHOOK_EVENTS = [
  'conversation.completed',
  'appointment.booked',
  'appointment.moved',
  'appointment.cancelled',
  'message.taken',
  'deposit.paid',
  'deposit.refunded',
  'caller.opted_out',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Payloads change only by adding fields; a breaking change is a new version, sent only to endpoints that ask. */
export const WEBHOOK_PAYLOAD_VERSION = '2026-11-29';

export const WEBHOOK_LIMITS = {
  /** Endpoints one owner may add (a counter item, conditional writes). */
  endpointsPerOwner: 10,
  /** Deliveries (one event to one target) per owner per UTC day; events beyond it are recorded, not sent. */
  deliveriesPerDay: 2_000,
  /** Test sends and replays per owner per hour: they cost a delivery each and are clicked by hand. */
  manualSendsPerHour: 60,
  /** Targets one event may go to: the owner's endpoints plus REST-hook subscriptions; one transaction. */
  targetsPerEvent: 40,
  /** The longest endpoint URL kept. */
  urlMaxLength: 2_000,
} as const;

export const WEBHOOK_DELIVERY = {
  /** Retries run for this long after the event, then the delivery fails and the endpoint is marked failing. */
  retryWindowHours: 24,
  /**
   * Minutes before each retry (exponential, as Standard Webhooks' schedule), the last repeated until the
   * window closes; the final retry is moved to the window's end. Retries ride the notification sweep (every
   * 2 minutes), so a 1-minute delay is "the next sweep".
   */
  retryDelaysMinutes: [1, 5, 30, 120, 300, 600],
  /** A connection, TLS handshake and answer must fit in this (Standard Webhooks suggests 15 s at most). */
  timeoutMs: 5_000,
  /** Bytes of the receiver's answer kept in the delivery log: never the whole body. */
  responseExcerptBytes: 512,
  /** A claimed delivery no worker finished is taken again after this (a crashed worker). */
  leaseSeconds: 30,
  /** A new delivery is also due here: if its queue message is lost, the sweep sends it (at least once). */
  safetyNetMinutes: 2,
  /** How long events and the delivery log are kept (a TTL removes them). */
  keepDays: 30,
  /** Attempts kept per delivery in the log (the count keeps counting). */
  attemptsShown: 10,
  /** Rotation: the old secret still signs (beside the new one) for this long. */
  rotationOverlapHours: 24,
  /** Random bytes of a signing secret (Standard Webhooks: 24 to 64). */
  secretBytes: 32,
} as const;

/** Deliveries shown in the dashboard's log per endpoint. */
export const WEBHOOK_LOG_PAGE = 50;

/** The setting that names the webhook queue (the stack sets it on the API and worker functions). */
export const WEBHOOKS_QUEUE_URL_SETTING = 'WEBHOOKS_QUEUE_URL';

/** Exact texts the API answers with and the dashboard shows. */
export const WEBHOOK_TEXTS = {
  httpsOnly: 'The endpoint must be an https:// URL.',
  privateAddress:
    'The endpoint must be reachable on the public internet (private, loopback, link-local and metadata addresses are refused).',
  unresolvable: 'The endpoint’s host name could not be resolved.',
  badUrl: 'The endpoint URL is not valid.',
  credentialsInUrl: 'The endpoint URL must not contain a user name or password.',
  tooManyEndpoints: `You can add up to ${WEBHOOK_LIMITS.endpointsPerOwner} endpoints.`,
  noEvents: 'Choose at least one event.',
  secretsUnavailable: 'Webhook signing is not configured on this server (TOKEN_ENCRYPTION_KEY).',
  endpointNotFound: 'No such endpoint.',
  deliveryNotFound: 'No such delivery.',
  tooManyManualSends: 'Too many test sends and replays: try again in an hour.',
  failingSubject: 'A webhook endpoint is failing',
} as const;

/** How the dashboard names each event (the event names themselves are the contract). */
export const WEBHOOK_EVENT_LABELS = {
  'conversation.completed': 'A conversation ended',
  'appointment.booked': 'An appointment was booked',
  'appointment.moved': 'An appointment was moved',
  'appointment.cancelled': 'An appointment was cancelled',
  'message.taken': 'A message was taken',
  'deposit.paid': 'A deposit was paid',
  'deposit.refunded': 'A deposit was refunded',
  'caller.opted_out': 'A caller opted out of texts',
} as const;

/** The dashboard's Integrations tab, webhooks section. */
export const WEBHOOK_UI_TEXTS = {
  title: 'Webhooks',
  intro:
    'Send events to your own tools as they happen. Each request is signed (Standard Webhooks) with the endpoint’s secret, retried for 24 hours, and delivered in order per conversation.',
  empty: 'No endpoints yet.',
  addTitle: 'Add an endpoint',
  urlLabel: 'Endpoint URL',
  urlHint: 'An https:// address on the public internet.',
  eventsLegend: 'Events to send',
  add: 'Add endpoint',
  secretTitle: 'Your signing secret',
  secretNote: 'Copy it now: it will not be shown again.',
  copy: 'Copy secret',
  copied: 'Copied',
  done: 'Done',
  testSend: 'Send test event',
  rotate: 'Rotate secret',
  remove: 'Delete',
  confirmRemove: 'Delete this endpoint? Its delivery log is kept for 30 days.',
  deliveries: 'Delivery log',
  hideDeliveries: 'Hide delivery log',
  noDeliveries: 'No deliveries yet.',
  replay: 'Replay',
  refresh: 'Refresh',
  failing: 'Failing',
  active: 'Active',
  disabled: 'Paused',
  sending: 'Send events',
  failingNote:
    'Deliveries to this endpoint have failed for 24 hours. Fix your receiver, then replay the events it missed.',
  rotatedNote: (until: string) => `The previous secret also signs until ${until}.`,
  loadFailed: 'Could not load your webhook endpoints.',
} as const;

/** The webhook queue in AWS (infra/lib/webhook-queue.ts) and its consumer, the notifications function. */
export const WEBHOOK_QUEUE = {
  /** Messages per worker invocation; each is reported failed on its own (ReportBatchItemFailures). */
  messagesPerInvocation: 10,
  /** Workers at once: deliveries are short (5 s timeout), so a few workers keep up with bursts. */
  maxConcurrentWorkers: 10,
  /** Six times the function's timeout (120 s), AWS's advice for an SQS event source. */
  visibilityTimeoutSeconds: 720,
  /** A message that fails this often (a fault, never a receiver's failure: those are recorded) is set aside. */
  maxReceiveCount: 5,
  /** The sweep's safety net re-queues any pending delivery, so a short retention loses nothing. */
  retentionHours: 4,
  deadLetterRetentionDays: 14,
} as const;
