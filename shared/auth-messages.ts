/** Texts of spec §4 and §8 for sign-up, login and the auth state, word for word. */
export const AUTH_MESSAGES = {
  checkEmailHeading: 'Check Your Email',
  confirmationNeeded: 'Please check your email and enter the confirmation code.',
  staleSessionCleared: 'Cleared stale session. Please try logging in again.',
  authStateConflict: 'Authentication state conflict. Please refresh the page and try again.',
  codeResent: 'Confirmation code resent to your email.',
  resendFailedPrefix: 'Failed to resend code: ',
  accountNeedsConfirmation: 'Account exists but needs confirmation. Please check your email.',
  autoSignInTimeout: 'The account was not confirmed on time.',
  loading: 'Loading...',
  processingAuthentication: 'Processing authentication...',
  noAuthenticatedUser: 'No authenticated user in localStorage',
  noIdToken: 'No ID token found',
  tokenExpired: 'Token expired',
} as const;

/** Texts of spec §6 and §8 for product calls. */
export const API_MESSAGES = {
  authenticationRequired: 'Authentication required',
  noValidToken: 'No valid token found',
  userNotAuthenticated: 'User not authenticated',
  failedTo: (action: string, status: number) => `Failed to ${action} (${status})`,
  signInAgain: (action: string) => `Please sign in again to ${action}`,
} as const;
