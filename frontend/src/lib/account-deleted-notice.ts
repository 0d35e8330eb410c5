/**
 * The landing page's "account deleted" notice survives the sign-out that follows a deletion: signing out
 * may make the dashboard's guard redirect to a bare '/' before the navigation to '/?account=deleted' has
 * rendered (the landing chunk may still be loading), which would drop the query. The flag lives for the tab.
 */
const KEY = 'ringly.account-deleted-notice';

export function markAccountDeleted(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode quota): the query parameter still carries the notice.
  }
}

/** Whether a deletion in this tab left the notice to show (a pure read: safe in a state initializer). */
export function hasAccountDeletedNotice(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** The notice was shown: a later visit to the landing page in this tab doesn't repeat it. */
export function clearAccountDeletedNotice(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
