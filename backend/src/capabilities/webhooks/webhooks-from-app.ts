import { WEBHOOKS_QUEUE_URL_SETTING } from '@shared/webhooks';
import type { AppConfig } from '../../platform/config/env';
import type { EmailSender } from '../../providers/email/port';
import { chooseQueue } from '../../providers/queue/choose';
import type { QueueStandIn } from '../../providers/queue/port';
import {
  createTokenCipher,
  localDevelopmentTokenKey,
  type TokenCipher,
} from '../../providers/calendar/token-cipher';
import type { WebhooksDeps, WebhookTargets } from './deps';
import { createWebhookEndpoints } from './endpoints';
import { createWebhookPost, systemResolve } from './http-post';
import { urlPolicyOf } from './url-safety';
import { createWebhookSender } from './sender';
import { failingEndpointEmail } from './failing-email';

export type WebhooksFromApp = Pick<WebhooksDeps, 'logger' | 'now' | 'rateLimiter' | 'data'> & {
  config: AppConfig;
  email: EmailSender;
  /** The owner's business id and where e-mails to them go (notification preferences, escalation, sign-in). */
  businessIdOf(ownerId: string): Promise<string>;
  ownerEmailOf(ownerId: string): Promise<string | undefined>;
  standIns?: { queue: QueueStandIn };
  /** Tests: another resolver (a host that resolves differently at save and at delivery). */
  resolve?: WebhooksDeps['resolve'];
};

/** Combines this capability's endpoints with other kinds of targets (REST hooks), kind by kind. */
export function combineTargets(first: WebhookTargets, other: WebhookTargets | undefined): WebhookTargets {
  if (!other) return first;
  return {
    list: async (ownerId, event) => [
      ...(await first.list(ownerId, event)),
      ...(await other.list(ownerId, event)),
    ],
    get: async (ownerId, kind, id) => (await first.get(ownerId, kind, id)) ?? other.get(ownerId, kind, id),
  };
}

/**
 * Webhooks wired to the app (docs/decisions/178-outbound-webhooks.md): SQS when WEBHOOKS_QUEUE_URL is set,
 * the in-process queue locally, and a refusing queue in AWS without it; secrets sealed with
 * TOKEN_ENCRYPTION_KEY (the public development key outside AWS); the local allow-list only outside AWS.
 */
export function webhooksFromApp(app: WebhooksFromApp, otherTargets?: WebhookTargets) {
  const { config } = app;
  const key = config.calendarOAuth.tokenEncryptionKey;
  const cipher: TokenCipher | undefined = key
    ? createTokenCipher(key)
    : config.appEnv === 'aws'
      ? undefined
      : createTokenCipher(localDevelopmentTokenKey());
  const policy = urlPolicyOf(config);
  const resolve = app.resolve ?? systemResolve;
  let handle: (body: string) => Promise<void> = async () => undefined;
  const localQueue = app.standIns?.queue;
  const queue = chooseQueue(
    {
      appEnv: config.appEnv,
      region: config.region,
      url: config.webhooks.queueUrl,
      endpoint: config.notificationsQueue.endpoint,
    },
    WEBHOOKS_QUEUE_URL_SETTING,
    localQueue && (() => localQueue((body) => handle(body), { maxReceiveCount: 3, concurrency: 4 })),
  );
  const deps: WebhooksDeps = {
    logger: app.logger,
    now: app.now,
    rateLimiter: app.rateLimiter,
    data: app.data,
    queue,
    queueIsInProcess: !config.webhooks.queueUrl,
    cipher,
    policy,
    resolve,
    post: createWebhookPost(policy, { resolve }),
    businessIdOf: app.businessIdOf,
    async tellOwnerFailing(ownerId, endpoint) {
      const to = await app.ownerEmailOf(ownerId);
      if (!to) return;
      await app.email.send({ to, kind: 'webhook-failing', ...failingEndpointEmail(endpoint, config) });
    },
  };
  const endpoints = createWebhookEndpoints(deps);
  const sender = createWebhookSender(deps, combineTargets(endpoints.targets, otherTargets));
  handle = sender.handle;
  return { endpoints, sender, emit: sender.emit };
}
export type Webhooks = ReturnType<typeof webhooksFromApp>;
