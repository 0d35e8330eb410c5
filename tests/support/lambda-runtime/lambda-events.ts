import { randomUUID } from 'node:crypto';
import { VOICE_PATHS } from '../../../backend/src/capabilities/voice/voice-webhook-routes';
import { signTwilioRequest } from '../../../backend/src/providers/telephony/webhook-signature';

/**
 * Lambda events in the shapes AWS sends them (API Gateway HTTP API payload 2.0, API Gateway WebSocket
 * routes), for invoking a synthesized function's handler as the service would.
 */

const clfTime = (date: Date) => {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
};

/**
 * An HTTP API (payload format 2.0) event for a request CloudFront forwarded to the API's execute-api origin:
 * header names lower-cased, the query split, the route key API Gateway matched.
 */
export function httpApiEvent(request: {
  apiId: string;
  region: string;
  routeKey: string;
  method: string;
  /** Path and query, e.g. `/oauth/users/abc/config?if_missing=null`. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
}) {
  const url = new URL(request.url, 'https://placeholder.invalid');
  const domainName = `${request.apiId}.execute-api.${request.region}.amazonaws.com`;
  const now = new Date();
  const query = Object.fromEntries(url.searchParams);
  return {
    version: '2.0',
    routeKey: request.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers: {
      host: domainName,
      'user-agent': 'Amazon CloudFront',
      via: '2.0 0123456789abcdef0123456789abcdef.cloudfront.net (CloudFront)',
      'x-amz-cf-id': randomUUID(),
      'x-amzn-trace-id': `Root=1-${Math.floor(now.getTime() / 1000).toString(16)}-${randomUUID().replaceAll('-', '').slice(0, 24)}`,
      'x-forwarded-for': '203.0.113.7, 130.176.0.1',
      'x-forwarded-port': '443',
      'x-forwarded-proto': 'https',
      ...Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      ...(request.body !== undefined ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}),
    },
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: '123456789012',
      apiId: request.apiId,
      domainName,
      domainPrefix: request.apiId,
      http: {
        method: request.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: '130.176.0.1',
        userAgent: 'Amazon CloudFront',
      },
      requestId: randomUUID(),
      routeKey: request.routeKey,
      stage: '$default',
      time: clfTime(now),
      timeEpoch: now.getTime(),
    },
    ...(request.body !== undefined ? { body: request.body } : {}),
    isBase64Encoded: false,
  };
}

/**
 * Twilio's POST of a webhook's form to `path` as API Gateway delivers it, signed over `publicApiUrl` as
 * Twilio signs it; `sign: false` leaves the signature out, `body` replaces the form's.
 */
export function twilioWebhookEvent(call: {
  path: string;
  apiId: string;
  authToken: string;
  publicApiUrl: string;
  form: Record<string, string>;
  body?: string;
  sign?: boolean;
  headers?: Record<string, string>;
}) {
  const url = `${call.publicApiUrl}${call.path}`;
  return httpApiEvent({
    apiId: call.apiId,
    region: 'us-east-1',
    routeKey: `POST ${call.path}`,
    method: 'POST',
    url: call.path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(call.sign === false
        ? {}
        : { 'x-twilio-signature': signTwilioRequest(call.authToken, url, call.form) }),
      ...call.headers,
    },
    body: call.body ?? new URLSearchParams(call.form).toString(),
  });
}

/** Twilio's POST of an incoming call (a caller's first ring): twilioWebhookEvent at the voice webhook. */
export const incomingCallEvent = (call: Omit<Parameters<typeof twilioWebhookEvent>[0], 'path'>) =>
  twilioWebhookEvent({ ...call, path: VOICE_PATHS.incoming });

/** A WebSocket API route event: `$connect` carries the handshake's headers and query, `$default` a frame. */
export function webSocketEvent(request: {
  apiId: string;
  region: string;
  stage: string;
  routeKey: '$connect' | '$default' | '$disconnect';
  connectionId: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  body?: string;
}) {
  const domainName = `${request.apiId}.execute-api.${request.region}.amazonaws.com`;
  const now = Date.now();
  const eventType = { $connect: 'CONNECT', $default: 'MESSAGE', $disconnect: 'DISCONNECT' }[request.routeKey];
  const headers =
    request.routeKey === '$default'
      ? undefined
      : {
          Host: domainName,
          'X-Amzn-Trace-Id': `Root=1-${Math.floor(now / 1000).toString(16)}-${randomUUID().replaceAll('-', '').slice(0, 24)}`,
          'X-Forwarded-For': '54.172.60.1',
          'X-Forwarded-Port': '443',
          'X-Forwarded-Proto': 'https',
          ...(request.routeKey === '$connect'
            ? { 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version': '13' }
            : {}),
          ...request.headers,
        };
  return {
    ...(headers
      ? { headers, multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])) }
      : {}),
    ...(request.query
      ? {
          queryStringParameters: request.query,
          multiValueQueryStringParameters: Object.fromEntries(
            Object.entries(request.query).map(([k, v]) => [k, [v]]),
          ),
        }
      : {}),
    requestContext: {
      routeKey: request.routeKey,
      eventType,
      ...(eventType === 'MESSAGE' ? { messageId: randomUUID(), messageDirection: 'IN' } : {}),
      ...(eventType === 'DISCONNECT'
        ? { disconnectStatusCode: 1000, disconnectReason: 'Client closed' }
        : {}),
      extendedRequestId: randomUUID(),
      requestTime: clfTime(new Date(now)),
      requestTimeEpoch: now,
      stage: request.stage,
      connectedAt: now,
      requestId: randomUUID(),
      domainName,
      connectionId: request.connectionId,
      apiId: request.apiId,
      identity: { sourceIp: '54.172.60.1' },
    },
    ...(request.body !== undefined ? { body: request.body } : {}),
    isBase64Encoded: false,
  };
}
