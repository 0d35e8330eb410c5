/**
 * A summary e-mail's link to one conversation (/dashboard?tab=calls&conversation=…&started_at=…) survives
 * the sign-in it may need: the guard sends a signed-out owner to /login and sign-in goes on to /plans and
 * then /dashboard (spec §2), which would drop the query. The link is kept for the tab until the dashboard
 * has opened it.
 *
 * The tab's storage is read once per page and then answered from memory (every write goes through this
 * module, and no other page shares the tab's storage). A page's first use of sessionStorage is a
 * synchronous call to the browser, which it answers when it gets to it: traced during the dashboard's load,
 * 1-40 ms inside the render that needed the link (issue 41 §4). `readConversationLinkSoon` makes that read
 * in a task of its own while the dashboard waits for its config.
 */
const KEY = 'ringly.conversation-link';

/** What the tab's storage holds, once read, with the storage it was read from (tests swap it). */
let known: { storage: Storage; link: string | undefined } | undefined;

/** The tab's storage; undefined when the browser refuses it (the getter itself throws then). */
function tabStorage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

/** Keeps the path+query when it is the dashboard opened on a conversation; anything else is ignored. */
export function rememberConversationLink(pathname: string, search: string): void {
  if (pathname !== '/dashboard' || !new URLSearchParams(search).get('conversation')) return;
  const storage = tabStorage();
  const link = `${pathname}${search}`;
  try {
    storage?.setItem(KEY, link);
    if (storage) known = { storage, link };
  } catch {
    // Storage refused: the owner lands on the dashboard and finds the conversation in the log.
  }
}

/** The link kept before sign-in, if any (a pure read: safe during render). */
export function pendingConversationLink(): string | undefined {
  const storage = tabStorage();
  if (!storage) return undefined;
  if (known?.storage === storage) return known.link;
  try {
    known = { storage, link: storage.getItem(KEY) ?? undefined };
    return known.link;
  } catch {
    return undefined;
  }
}

/** Reads the tab's storage in a task of its own (see above); returns the cancel for an effect's clean-up. */
export function readConversationLinkSoon(): () => void {
  const timer = setTimeout(pendingConversationLink, 0);
  return () => clearTimeout(timer);
}

export function forgetConversationLink(): void {
  const storage = tabStorage();
  // Known to hold nothing: no call to storage at all.
  if (!storage || (known?.storage === storage && known.link === undefined)) return;
  try {
    storage.removeItem(KEY);
    known = { storage, link: undefined };
  } catch {
    // Nothing stored.
  }
}
