import { useEffect } from 'react';
import { loadAmplify } from '../../../lib/amplify';

/**
 * Starts loading the identity SDK once a sign-in or sign-up form is on screen, so submitting it does not
 * wait for the download. A failed load is retried by the submit itself, which shows its error.
 */
export function usePreloadIdentitySdk(): void {
  useEffect(() => {
    loadAmplify().catch(() => undefined);
  }, []);
}
