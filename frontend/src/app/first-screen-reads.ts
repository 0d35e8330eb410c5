import { API_READ_PATHS } from '../lib/api-read-paths';
import { startEarlyReads } from '../lib/early-api-reads';
import { routePath } from '../lib/route-path';
import { runtimeConfig } from '../lib/runtime-config';
import { unexpiredStoredSession } from '../lib/stored-session';

const subscriptionReads = () => [API_READ_PATHS.subscriptionStatus, API_READ_PATHS.subscriptionProducts];
const configRead = (userId: string) => [API_READ_PATHS.businessConfig(userId)];

/** The reads each account screen makes first for its signed-in owner (router.tsx's paths). */
const FIRST_READS: Record<string, (userId: string) => string[]> = {
  '/plans': subscriptionReads,
  '/pricing': subscriptionReads,
  '/setup': configRead,
  '/dashboard': configRead,
};

/**
 * Starts the opened screen's first reads when a stored, unexpired session says who is signed in. The shell
 * calls it once its runtime config is here, before the screen's own code has run: the screen's identical
 * requests then take these answers (lib/early-api-reads.ts). Without a session nothing starts: the screen
 * sends the visitor to sign in.
 */
export function startFirstScreenReads(pathname: string): void {
  const reads = FIRST_READS[routePath(pathname)];
  const session = reads && unexpiredStoredSession();
  if (session) startEarlyReads(runtimeConfig().apiUrl, session.idToken, reads(session.userId));
}
