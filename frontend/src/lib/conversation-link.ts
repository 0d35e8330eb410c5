/**
 * A summary e-mail's link to one conversation (/dashboard?tab=calls&conversation=…&started_at=…) survives
 * the sign-in it may need: the guard sends a signed-out owner to /login and sign-in goes on to /plans and
 * then /dashboard (spec §2), which would drop the query. The link is kept for the tab until the dashboard
 * has opened it.
 */
const KEY = 'ringly.conversation-link';

/** Keeps the path+query when it is the dashboard opened on a conversation; anything else is ignored. */
export function rememberConversationLink(pathname: string, search: string): void {
  if (pathname !== '/dashboard' || !new URLSearchParams(search).get('conversation')) return;
  try {
    sessionStorage.setItem(KEY, `${pathname}${search}`);
  } catch {
    // Storage refused: the owner lands on the dashboard and finds the conversation in the log.
  }
}

/** The link kept before sign-in, if any (a pure read: safe during render). */
export function pendingConversationLink(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetConversationLink(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
