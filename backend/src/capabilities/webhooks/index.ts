export { webhooksFromApp, combineTargets } from './webhooks-from-app';
export type { Webhooks, WebhooksFromApp } from './webhooks-from-app';
export type { WebhookTargets } from './deps';
export type { EmitWebhookEvent, WebhookSender } from './sender';
export { signedHeaders, verifyWebhook } from './signing';
export { checkUrlShape, urlPolicyOf } from './url-safety';
export type { UrlPolicy } from './url-safety';
