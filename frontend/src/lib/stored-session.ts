import { forgetDashboard } from './remembered-dashboard';
import { forgetSetupStep } from './remembered-setup-step';
import { runtimeConfig } from './runtime-config';
import { amplifyStorageKeys, storedTokensOf, unexpiredSessionOf } from './stored-tokens';

export { amplifyStorageKeys } from './stored-tokens';

const clientId = () => runtimeConfig().cognito.userPoolClientId;

/** The configured client's last signed-in user and their ID token (stored-tokens.ts). */
export const storedTokens = () => storedTokensOf(clientId());

/**
 * The stored session's owner and ID token while the token is unexpired (for at least `marginMs` more),
 * from storage alone: no identity SDK, no refresh. Enough to start an account screen's first reads
 * (app/first-screen-reads.ts) and to sign every API call until the token needs refreshing (api-client.ts).
 */
export const unexpiredStoredSession = (marginMs = 0) => unexpiredSessionOf(clientId(), marginMs);

/**
 * Removes every Amplify session key for this client (stale sessions, spec §4 "Login"; sign-out), and the
 * dashboard's remembered heading and the wizard's remembered step with them. Storage the browser refuses holds no session to remove.
 */
export function clearStoredSession() {
  forgetDashboard();
  forgetSetupStep();
  const { prefix } = amplifyStorageKeys(clientId());
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
  } catch {
    // Nothing was stored, so nothing can sign the owner in again.
  }
}
