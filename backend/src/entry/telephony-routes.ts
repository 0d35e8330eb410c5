import { TWILIO_WEBHOOK_PATHS } from '../platform/http/webhook-paths';

/**
 * The HTTP routes the telephony function serves in AWS (createApp(deps, 'telephony')): API Gateway sends
 * these to it and everything else to the API function (infra/lib/http-api.ts). Paths in API Gateway's
 * `{param}` form. Twilio's webhooks are named one by one, never by prefix: each exact route carries the
 * webhook throttle (docs/capacity.md), and a junk path under /webhooks/twilio/ must not draw from it, so it
 * falls to the API function's 404. tests/integration/app-surfaces.test.ts checks they match exactly the
 * telephony app's routes, so a new Twilio webhook must be added to webhook-paths.ts.
 */
export const TELEPHONY_HTTP_ROUTES = [
  { method: 'GET', path: '/oauth/phone-numbers/available' },
  { method: 'POST', path: '/oauth/users/{userId}/assistant-phone' },
  ...Object.values(TWILIO_WEBHOOK_PATHS).map((path) => ({ method: 'POST' as const, path })),
] as const satisfies readonly { method: 'GET' | 'POST'; path: string }[];
