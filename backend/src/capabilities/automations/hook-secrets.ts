import type { WebhookTarget } from '@shared/schemas/webhook-events';
import type { AutomationsDeps } from './deps';
import type { StoredHook } from './records/index';

/**
 * The sealed signing secret's additional data: the owner and the hook, so a sealed secret copied onto
 * another owner's or another hook's item no longer opens.
 */
const sealContext = (ownerId: string, hookId: string) => `hook#${ownerId}#${hookId}`;

export const sealHookSecret = (
  deps: Pick<AutomationsDeps, 'providers'>,
  ownerId: string,
  hookId: string,
  secret: string,
) => deps.providers.calendar.tokenCipher.encrypt(secret, sealContext(ownerId, hookId));

/** A stored hook as the sender's target: its URL and its opened signing secret. */
export const hookTargetOf = (
  deps: Pick<AutomationsDeps, 'providers'>,
  ownerId: string,
  hook: StoredHook,
): WebhookTarget => ({
  kind: 'hook',
  id: hook.hook_id,
  url: hook.target_url,
  secrets: [deps.providers.calendar.tokenCipher.decrypt(hook.secret_enc, sealContext(ownerId, hook.hook_id))],
});
