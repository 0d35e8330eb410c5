/**
 * The HTTP routes the telephony function serves in AWS (createApp(deps, 'telephony')): API Gateway sends
 * these to it and everything else to the API function (infra/lib/http-api.ts). Paths in API Gateway's
 * `{param}` form, `{proxy+}` for the rest of the path (every Twilio webhook, present and future, is the
 * telephony function's); tests/integration/app-surfaces.test.ts checks they match exactly the telephony
 * app's routes.
 */
export const TELEPHONY_HTTP_ROUTES = [
  { method: 'GET', path: '/oauth/phone-numbers/available' },
  { method: 'POST', path: '/oauth/users/{userId}/assistant-phone' },
  { method: 'POST', path: '/webhooks/twilio/{proxy+}' },
] as const satisfies readonly { method: 'GET' | 'POST'; path: string }[];
