import { HOOK_TARGET_URL_MAX_CHARS } from '@shared/automations';
import { checkUrlShape, type UrlPolicy } from '../webhooks/index';

/**
 * The subscribe-time check of a hook's target URL: the webhook endpoints' own rules (scheme, credentials, a
 * literal internal name or address; docs/decisions/178), so a hook is refused exactly where an endpoint would
 * be. The sender checks the resolved addresses again before each delivery (a public name can point inward
 * later); this one refuses the obvious at once with a clear 400.
 */
export function hookTargetProblem(raw: string, policy: UrlPolicy): string | undefined {
  if (raw.length > HOOK_TARGET_URL_MAX_CHARS)
    return `target_url must be at most ${HOOK_TARGET_URL_MAX_CHARS} characters`;
  const verdict = checkUrlShape(raw, policy);
  return verdict.ok ? undefined : verdict.reason;
}
