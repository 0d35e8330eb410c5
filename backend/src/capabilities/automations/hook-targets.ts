import type { WebhookEvent, WebhookTarget } from '@shared/schemas/webhook-events';
import type { AutomationsDeps } from './deps';
import { hookTargetOf } from './hook-secrets';

/**
 * Where the REST-hook subscriptions want one event: what the webhook sender adds to the owner's own
 * endpoints. A hook whose secret no longer opens (a rotated encryption key) is left out and logged, not
 * thrown: the owner's other targets still get the event.
 */
export function createHookTargets(deps: Pick<AutomationsDeps, 'data' | 'providers' | 'logger'>) {
  return async function hookTargetsFor(ownerId: string, event: WebhookEvent): Promise<WebhookTarget[]> {
    const targets: WebhookTarget[] = [];
    for (const hook of await deps.data.hooks.forEvent(ownerId, event)) {
      try {
        targets.push(hookTargetOf(deps, ownerId, hook));
      } catch (error) {
        deps.logger.warn('automations.hook_secret_unreadable', {
          hookId: hook.hook_id,
          error: String(error),
        });
      }
    }
    return targets;
  };
}
export type HookTargetsFor = ReturnType<typeof createHookTargets>;

/**
 * The REST hooks as the webhook sender's second kind of target (docs/decisions/178, 179): the hooks that want
 * an event, and one hook by id when a retry or a replay needs its address and secret again.
 */
export function createHookTargetSource(deps: Pick<AutomationsDeps, 'data' | 'providers' | 'logger'>) {
  return {
    list: createHookTargets(deps),
    async get(ownerId: string, kind: WebhookTarget['kind'], id: string): Promise<WebhookTarget | undefined> {
      if (kind !== 'hook') return undefined;
      const hook = await deps.data.hooks.get(ownerId, id);
      return hook ? hookTargetOf(deps, ownerId, hook) : undefined;
    },
  };
}
