import type { Context, MiddlewareHandler } from 'hono';
import type { Metrics } from '../../platform/observability/metrics';
import { forbidden, HttpError } from '../../platform/errors/http-error';
import { ProviderNotConfiguredError } from '../../platform/config/not-configured';
import { isValidTwilioSignature, type TwilioParams } from './webhook-signature';

/** Twilio's webhook bodies are small form posts; anything near this is not Twilio. */
export const TWILIO_WEBHOOK_MAX_BYTES = 64 * 1024;

/**
 * The URL Twilio signed: the public base the number was pointed at (PUBLIC_API_URL, else this request's
 * origin, the same rule the purchase used: telephonyWebhookUrls) plus the path and query it requested.
 */
export function signedUrlOf(requestUrl: string, publicApiUrl: string | undefined) {
  const url = new URL(requestUrl);
  const base = (publicApiUrl ?? url.origin).replace(/\/+$/, '');
  return `${base}${url.pathname}${url.search}`;
}

/**
 * Reads a Twilio webhook's form parameters and checks X-Twilio-Signature over them before anything else
 * happens: a missing or wrong signature answers 403 and nothing is read further or stored. Shared by the
 * SMS and voice webhooks.
 */
export function readSignedTwilioRequest(
  c: Context,
  options: { authToken: string | undefined; publicApiUrl: string | undefined },
): Promise<TwilioParams> {
  return readSignedTwilioForm(c.req, options);
}

/**
 * What readSignedTwilioForm reads of a request: Hono's `c.req`, or an API Gateway event read without Hono
 * (the telephony function's incoming call, entry/surfaces/incoming-call-direct.ts). `url` is the URL it was requested at.
 */
export type SignedRequest = {
  readonly url: string;
  header(name: string): string | undefined;
  text(): Promise<string>;
};

/** readSignedTwilioRequest's checks, on any request. */
export async function readSignedTwilioForm(
  request: SignedRequest,
  options: { authToken: string | undefined; publicApiUrl: string | undefined },
): Promise<TwilioParams> {
  // Deployed without the key: 503 naming it, as every provider route does (Twilio retries; the alarm fires).
  if (!options.authToken)
    throw new ProviderNotConfiguredError('telephony', [{ key: 'TWILIO_AUTH_TOKEN', reason: 'missing' }]);
  const declared = Number(request.header('content-length') ?? 0);
  if (declared > TWILIO_WEBHOOK_MAX_BYTES)
    throw new HttpError(413, 'payload_too_large', 'Request body too large');
  const raw = await request.text();
  if (raw.length > TWILIO_WEBHOOK_MAX_BYTES)
    throw new HttpError(413, 'payload_too_large', 'Request body too large');
  const params: TwilioParams = {};
  for (const [name, value] of new URLSearchParams(raw)) params[name] = value;
  const signature = request.header('x-twilio-signature');
  if (
    !isValidTwilioSignature(
      options.authToken,
      signature,
      signedUrlOf(request.url, options.publicApiUrl),
      params,
    )
  ) {
    throw forbidden('Invalid Twilio signature');
  }
  return params;
}

/**
 * Counts a Twilio webhook that failed to process (answered 5xx: the caller heard an error or the text went
 * unanswered) as WebhookFailures{webhook=twilio}, the figure the webhook-failures alarm reads beside
 * Stripe's. Refusals (bad signature, bad input: 4xx) are not failures of ours and are not counted.
 */
export const countTwilioWebhookFailures =
  (metrics: Metrics): MiddlewareHandler =>
  async (c, next) => {
    await next();
    countTwilioWebhookAnswer(metrics, c.res.status);
  };

/** countTwilioWebhookFailures' rule for one answer's status (also for answers built without Hono). */
export function countTwilioWebhookAnswer(metrics: Metrics, status: number): void {
  if (status >= 500) metrics.count('WebhookFailures', 1, { webhook: 'twilio' });
}
