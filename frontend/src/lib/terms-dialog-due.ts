import { TERMS_ACCEPTED_STORAGE_KEY } from '@shared/terms-dialog';
import { SUPPORTED_COUNTRY_CODE } from '@shared/signup-rules';
import { soleStoredSessionClaims } from './stored-tokens';

/**
 * Whether /plans will open on its terms dialog, from this browser's storage alone: the entry asks before
 * config.json (so before the app client's id) is in, to paint the dialog first (app/remembered-screen.ts,
 * docs/decisions/188). True only when exactly one app client has a stored session, its ID token is unexpired
 * and verified, the terms were not accepted here, and neither of the dialogs the plans page shows first
 * applies (outside the served region; not a beta tester): the same rules as plans-page.tsx, from the same
 * token claims. A subscribed owner is the one case it cannot see; the page then moves on to the dashboard.
 */
export function termsDialogDue(): boolean {
  try {
    if (localStorage.getItem(TERMS_ACCEPTED_STORAGE_KEY) === 'true') return false;
  } catch {
    return false;
  }
  const claims = soleStoredSessionClaims();
  if (!claims) return false;
  const country = claims['custom:country_code'];
  return (
    (claims.email_verified === true || claims.email_verified === 'true') &&
    (country === undefined || country === '' || country === SUPPORTED_COUNTRY_CODE) &&
    claims['custom:beta_tester'] !== 'false'
  );
}
