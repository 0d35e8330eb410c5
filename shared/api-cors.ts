/**
 * The API's CORS policy, one source for the app's own middleware (backend/src/platform/http/cors.ts, what runs
 * locally) and API Gateway's (infra/lib/http-api.ts, which answers in AWS and ignores the function's).
 */
export const API_CORS = {
  allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  allowHeaders: ['Authorization', 'Content-Type'],
  /** A download's file name (the CSV export's carries the business's local date). */
  exposeHeaders: ['Content-Disposition'],
  /** Chrome's cap: each API path an owner's screens read is preflighted once a session, not every 10 min. */
  maxAgeSeconds: 7200,
} as const;
