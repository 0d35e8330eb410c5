import type { WebhookEvent, WebhookTarget } from '@shared/schemas/webhook-events';
import type { PlatformDeps } from '../../platform/deps';
import type { MessageQueue } from '../../providers/queue/port';
import type { TokenCipher } from '../../providers/calendar/token-cipher';
import type { WebhookPost } from './http-post';
import type { WebhookRepository } from './records/index';
import type { Resolve, UrlPolicy } from './url-safety';

/**
 * Where events go, by kind: the owner's endpoints (this capability) and REST-hook subscriptions (the API
 * keys capability, added by the wiring). `get` reads one at attempt time, so a rotated secret or a changed
 * URL applies to retries too.
 */
export type WebhookTargets = {
  list(ownerId: string, event: WebhookEvent): Promise<WebhookTarget[]>;
  get(ownerId: string, kind: WebhookTarget['kind'], id: string): Promise<WebhookTarget | undefined>;
};

/**
 * What the webhooks capability takes from the wiring (docs/decisions/178-outbound-webhooks.md): its records,
 * the queue (SQS in AWS, the in-process stand-in locally), the cipher that seals secrets at rest (undefined
 * in AWS without TOKEN_ENCRYPTION_KEY: endpoints then refuse to be created), the URL policy, and how to tell
 * the owner an endpoint is failing.
 */
export type WebhooksDeps = Pick<PlatformDeps, 'logger' | 'now' | 'rateLimiter'> & {
  data: { webhooks: WebhookRepository };
  queue: MessageQueue;
  /** Whether `queue.send` waits for the message to be handled (the local stand-in does). */
  queueIsInProcess: boolean;
  cipher: TokenCipher | undefined;
  policy: UrlPolicy;
  resolve: Resolve;
  post: WebhookPost;
  /** The business id the payloads carry (the owner's config), or the owner id before setup. */
  businessIdOf(ownerId: string): Promise<string>;
  /** E-mails the owner that an endpoint has failed for a whole retry window. */
  tellOwnerFailing(ownerId: string, endpoint: { id: string; url: string }): Promise<void>;
  /** REST-hook targets from elsewhere (the API keys capability), beside this capability's endpoints. */
  otherTargets?: WebhookTargets;
};
