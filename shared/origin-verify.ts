/**
 * The header CloudFront adds to every request it forwards to the HTTP API (infra/lib/api-edge.ts), carrying
 * the stage's origin-verify secret. The app refuses requests without it in AWS
 * (backend/src/platform/http/origin-verify.ts), so API Gateway's own execute-api URL cannot bypass the WAF.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The viewer's own IP address, set by a CloudFront Function on every request to the HTTP API (overwriting
 * whatever the client sent), and by the local server from its socket. Per-address rate limits read it:
 * X-Forwarded-For's first entry is whatever the client wrote, so it can't key a limit.
 */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';
