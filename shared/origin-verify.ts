/**
 * The header CloudFront adds to every request it forwards to the HTTP API (infra/lib/api-edge.ts), carrying
 * the stage's origin-verify secret. The app refuses requests without it in AWS
 * (backend/src/platform/http/origin-verify.ts), so API Gateway's own execute-api URL cannot bypass the WAF.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
