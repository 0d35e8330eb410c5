import { randomBytes } from 'node:crypto';
import type { WebhookEvent, WebhookTarget } from '@shared/schemas/webhook-events';
import type {
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
} from '@shared/schemas/webhook-endpoints';
import { WEBHOOK_DELIVERY, WEBHOOK_TEXTS } from '@shared/webhooks';
import type { TokenCipher } from '../../providers/calendar/token-cipher';
import type { WebhooksDeps, WebhookTargets } from './deps';
import type { SealedSecret, StoredEndpoint } from './records/index';
import { newWebhookSecret } from './signing';
import { checkWebhookUrl } from './url-safety';

/** Why an endpoint change was refused, in the owner's words (the route answers 400, 409 or 503). */
export class EndpointRefusal extends Error {
  constructor(
    readonly kind: 'invalid' | 'limit' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** Sealed with the owner and endpoint as context: a secret copied to another item no longer opens. */
const secretContext = (ownerId: string, endpointId: string) => `webhook-secret#${ownerId}#${endpointId}`;

/** An endpoint as the API and dashboard show it: never a secret. */
export function endpointView(stored: StoredEndpoint, at: Date): WebhookEndpoint {
  const previous = stored.secrets.find(
    (secret) => secret.expires_at && Date.parse(secret.expires_at) > at.getTime(),
  );
  return {
    id: stored.id,
    url: stored.url,
    description: stored.description,
    events: stored.events,
    enabled: stored.enabled,
    status: stored.status,
    failing_since: stored.failing_since,
    previous_secret_expires_at: previous?.expires_at ?? null,
    created_at: stored.created_at,
  };
}

/**
 * The owner's endpoints (docs/decisions/178-outbound-webhooks.md): URLs checked against the SSRF rules when
 * saved, secrets made here, shown once and kept sealed (AES-GCM, the calendar tokens' cipher); a rotation
 * keeps the previous secret signing beside the new one for the overlap.
 */
export function createWebhookEndpoints(deps: WebhooksDeps) {
  const { data } = deps;

  const cipherOrRefuse = (): TokenCipher => {
    if (!deps.cipher) throw new EndpointRefusal('unavailable', WEBHOOK_TEXTS.secretsUnavailable);
    return deps.cipher;
  };

  async function checkUrl(url: string) {
    const verdict = await checkWebhookUrl(url, deps.policy, deps.resolve);
    if (!verdict.ok) throw new EndpointRefusal('invalid', verdict.reason);
  }

  /** The secrets that sign now, newest first; expired rotation leftovers are dropped. */
  function liveSecrets(stored: StoredEndpoint, at: Date): string[] {
    const cipher = cipherOrRefuse();
    return stored.secrets
      .filter((secret) => !secret.expires_at || Date.parse(secret.expires_at) > at.getTime())
      .map((secret) => cipher.decrypt(secret.sealed, secretContext(stored.owner_id, stored.id)));
  }

  const toTarget = (stored: StoredEndpoint, at: Date): WebhookTarget => ({
    kind: 'endpoint',
    id: stored.id,
    url: stored.url,
    secrets: liveSecrets(stored, at),
  });

  const targets: WebhookTargets = {
    async list(ownerId: string, event: WebhookEvent) {
      const at = deps.now();
      const endpoints = await data.webhooks.listEndpoints(ownerId);
      return endpoints
        .filter((endpoint) => endpoint.enabled && endpoint.events.includes(event))
        .map((endpoint) => toTarget(endpoint, at));
    },
    async get(ownerId, kind, id) {
      if (kind !== 'endpoint') return undefined;
      const stored = await data.webhooks.getEndpoint(ownerId, id);
      return stored?.enabled ? toTarget(stored, deps.now()) : undefined;
    },
  };

  return {
    targets,

    /** Adds an endpoint; its secret is in the answer and nowhere else readable. */
    async create(
      ownerId: string,
      input: Required<Pick<WebhookEndpointCreate, 'url' | 'events'>> & { description: string },
    ) {
      const cipher = cipherOrRefuse();
      await checkUrl(input.url);
      const at = deps.now();
      const id = `ep_${randomBytes(9).toString('base64url')}`;
      const secret = newWebhookSecret();
      const stored: StoredEndpoint = {
        owner_id: ownerId,
        id,
        url: input.url,
        description: input.description,
        events: input.events,
        enabled: true,
        status: 'active',
        failing_since: null,
        secrets: [{ sealed: cipher.encrypt(secret, secretContext(ownerId, id)), expires_at: null }],
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      };
      if ((await data.webhooks.createEndpoint(stored)) === 'limit')
        throw new EndpointRefusal('limit', WEBHOOK_TEXTS.tooManyEndpoints);
      return { endpoint: endpointView(stored, at), secret };
    },

    async update(ownerId: string, id: string, changes: WebhookEndpointUpdate & { events?: WebhookEvent[] }) {
      if (changes.url !== undefined) await checkUrl(changes.url);
      const at = deps.now();
      const stored = await data.webhooks.updateEndpoint(ownerId, id, changes, at);
      return stored && endpointView(stored, at);
    },

    /** A new secret; the current one keeps signing beside it for the overlap, older ones are dropped. */
    async rotate(ownerId: string, id: string) {
      const cipher = cipherOrRefuse();
      const at = deps.now();
      const stored = await data.webhooks.getEndpoint(ownerId, id);
      if (!stored) return undefined;
      const overlapEnd = new Date(at.getTime() + WEBHOOK_DELIVERY.rotationOverlapHours * 3_600_000);
      const current = stored.secrets.find((secret) => !secret.expires_at);
      const secret = newWebhookSecret();
      const secrets: SealedSecret[] = [
        { sealed: cipher.encrypt(secret, secretContext(ownerId, id)), expires_at: null },
        ...(current ? [{ sealed: current.sealed, expires_at: overlapEnd.toISOString() }] : []),
      ];
      const updated = await data.webhooks.updateEndpoint(ownerId, id, { secrets }, at);
      return updated && { endpoint: endpointView(updated, at), secret };
    },

    async list(ownerId: string) {
      const at = deps.now();
      return (await data.webhooks.listEndpoints(ownerId))
        .sort((a, b) => a.created_at.localeCompare(b.created_at))
        .map((stored) => endpointView(stored, at));
    },

    remove: (ownerId: string, id: string) => data.webhooks.deleteEndpoint(ownerId, id),
    get: (ownerId: string, id: string) => data.webhooks.getEndpoint(ownerId, id),
    /** The endpoint as a target, even when disabled (a test send or replay asks for it by hand). */
    targetOf: (stored: StoredEndpoint) => toTarget(stored, deps.now()),
  };
}
export type WebhookEndpoints = ReturnType<typeof createWebhookEndpoints>;
