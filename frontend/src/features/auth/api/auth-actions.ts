import { AUTH_MESSAGES } from '@shared/auth-messages';
import { CLIENT_TIMINGS } from '@shared/client-timings';
import { loadAmplify } from '../../../lib/amplify';
import { delay, pollUntil } from '../../../lib/timing';
import { runtimeConfig } from '../../../lib/runtime-config';

/** The identity provider's error name and message, for the spec's branches and otherwise shown as is. */
export const errorName = (error: unknown) => (error as { name?: string } | undefined)?.name ?? '';
export const errorMessage = (error: unknown) =>
  (error as { message?: string } | undefined)?.message || 'Something went wrong. Please try again.';

export const authFlowType = () => runtimeConfig().cognito.authFlowType;

export async function confirmOwner(email: string, code: string) {
  const { confirmSignUp } = await loadAmplify();
  return confirmSignUp({ username: email.trim().toLowerCase(), confirmationCode: code.trim() });
}

export async function resendCode(email: string) {
  const { resendSignUpCode } = await loadAmplify();
  return resendSignUpCode({ username: email.trim().toLowerCase() });
}

export async function signInOwner(email: string, password: string) {
  const { signIn } = await loadAmplify();
  return signIn({
    username: email.trim().toLowerCase(),
    password,
    options: { authFlowType: authFlowType() },
  });
}

/**
 * After confirmation (spec §4 "Sign-up"): a short pause, then Amplify's auto sign-in while the auth state is
 * polled every 5000 ms (a sign-in may also complete through the Hub), bounded by 180000 ms with the spec's
 * time-out text. When auto sign-in is not available (e.g. the page was reloaded between sign-up and
 * confirmation) the password the owner just typed is used.
 */
export async function signInAfterConfirmation(
  email: string,
  password: string | undefined,
  {
    timeoutMs = CLIENT_TIMINGS.autoSignInTimeoutMs,
    pollMs = CLIENT_TIMINGS.autoSignInPollMs,
    startDelayMs = CLIENT_TIMINGS.postConfirmDelayMs,
  } = {},
) {
  const { autoSignIn, getCurrentUser } = await loadAmplify();
  await delay(startDelayMs);
  const stopPolling = new AbortController();
  const signedInSeen = pollUntil(() => getCurrentUser().then(() => true), {
    intervalMs: pollMs,
    timeoutMs,
    timeoutError: () => new Error(AUTH_MESSAGES.autoSignInTimeout),
    signal: stopPolling.signal,
  });
  signedInSeen.catch(() => undefined);
  const autoSignedIn = autoSignIn().then((result) => {
    if (!result.isSignedIn) throw new Error(`Sign-in needs another step: ${result.nextStep.signInStep}`);
  });
  try {
    await Promise.race([signedInSeen, autoSignedIn]);
    return;
  } catch (error) {
    if (!password) throw error;
  } finally {
    stopPolling.abort();
  }
  await signInOwner(email, password);
}

/** Cognito ForgotPassword: e-mails a reset code (and answers alike whether or not the account exists). */
export async function requestPasswordReset(email: string) {
  const { resetPassword } = await loadAmplify();
  return resetPassword({ username: email.trim().toLowerCase() });
}

/** Cognito ConfirmForgotPassword: the e-mailed code and the new password. */
export async function confirmPasswordReset(email: string, code: string, newPassword: string) {
  const { confirmResetPassword } = await loadAmplify();
  return confirmResetPassword({
    username: email.trim().toLowerCase(),
    confirmationCode: code.trim(),
    newPassword,
  });
}
