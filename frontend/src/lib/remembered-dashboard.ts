import { unexpiredSessionOf } from './stored-tokens';

/**
 * The dashboard's heading as it last showed it, kept in localStorage so that the next cold load of
 * /dashboard paints it before the dashboard's code and its config read arrive (docs/decisions/188). The
 * owner's stored session decides whether it may show: only while it is the same owner's and unexpired, so
 * another owner signing in on this browser never sees it. Sign-out removes it (stored-session.ts).
 */
export const REMEMBERED_DASHBOARD_KEY = 'ringly.dashboard';

type RememberedDashboard = {
  /** The app client whose stored session is checked (the entry reads it before config.json is in). */
  clientId: string;
  userId: string;
  heading: string;
};

export function rememberDashboard(entry: RememberedDashboard): void {
  try {
    const value = JSON.stringify(entry);
    if (localStorage.getItem(REMEMBERED_DASHBOARD_KEY) !== value)
      localStorage.setItem(REMEMBERED_DASHBOARD_KEY, value);
  } catch {
    // Storage refused or full: the next load shows "Loading..." first, as before.
  }
}

export function forgetDashboard(): void {
  try {
    localStorage.removeItem(REMEMBERED_DASHBOARD_KEY);
  } catch {
    // Storage the browser refuses holds nothing to forget.
  }
}

/** The heading the dashboard last showed, while the stored session is that owner's and unexpired. */
export function rememberedDashboardHeading(): string | undefined {
  let entry: Partial<Record<keyof RememberedDashboard, unknown>>;
  try {
    entry = JSON.parse(localStorage.getItem(REMEMBERED_DASHBOARD_KEY) ?? 'null') ?? {};
  } catch {
    return undefined;
  }
  const { clientId, userId, heading } = entry;
  if (typeof clientId !== 'string' || typeof userId !== 'string' || typeof heading !== 'string' || !heading)
    return undefined;
  return unexpiredSessionOf(clientId)?.userId === userId ? heading : undefined;
}
