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
