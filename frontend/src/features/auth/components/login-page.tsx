import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES } from '@shared/auth-messages';
import { CLIENT_TIMINGS } from '@shared/client-timings';
import { OAUTH_ENABLED } from '@shared/identity';
import { useAuth } from '../hooks/auth-context';
import { usePostSignIn } from '../hooks/use-post-signin';
import { usePreloadIdentitySdk } from '../hooks/use-identity-sdk';
import { loadAmplify } from '../../../lib/amplify';
import { clearStoredSession } from '../../../lib/stored-session';
import { errorMessage, errorName, signInOwner } from '../api/auth-actions';
import { AuthLayout, FormAlert } from './auth-layout';
import { FormField } from '../../../components/ui/form-field';
import { ConfirmCodeForm } from './confirm-code-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { TEXT_LIMITS } from '@shared/text-limits';

export default function LoginPage() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const postSignIn = usePostSignIn();
  usePreloadIdentitySdk();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [forgotPassword, setForgotPassword] = useState(false);

  useEffect(() => {
    if (status === 'signedIn' && !busy) navigate('/plans', { replace: true });
  }, [status, busy, navigate]);

  const completeSignIn = async () => {
    await new Promise((resolve) => setTimeout(resolve, CLIENT_TIMINGS.postLoginDelayMs));
    await postSignIn('email_password');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setInfo('');
    if (!email.trim() || !password) return setError('Please enter your email and password.');
    setBusy(true);
    try {
      const result = await signInOwner(email, password);
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        setConfirming(true);
      } else if (result.isSignedIn) {
        await completeSignIn();
      } else {
        setError('This sign-in needs a step this app does not support yet. Please contact support.');
      }
    } catch (err) {
      if (errorName(err) === 'UserNotConfirmedException') {
        setConfirming(true);
      } else if (errorName(err) === 'UserAlreadyAuthenticatedException') {
        try {
          await (await loadAmplify()).signOut();
          clearStoredSession();
          setInfo(AUTH_MESSAGES.staleSessionCleared);
        } catch {
          setError(AUTH_MESSAGES.authStateConflict);
        }
      } else {
        setError(errorMessage(err));
      }
    } finally {
      setBusy(false);
    }
  };

  if (confirming) {
    return (
      <ConfirmCodeForm
        email={email.trim().toLowerCase()}
        notice={AUTH_MESSAGES.confirmationNeeded}
        onConfirmed={async () => {
          await signInOwner(email, password);
          await completeSignIn();
        }}
        onBack={() => setConfirming(false)}
      />
    );
  }

  if (forgotPassword) {
    return (
      <ForgotPasswordForm
        initialEmail={email}
        onDone={({ resetFor }) => {
          setForgotPassword(false);
          setError('');
          setPassword('');
          if (resetFor) {
            setEmail(resetFor);
            setInfo('Your password has been reset. Log in with your new password.');
          }
        }}
      />
    );
  }

  return (
    <AuthLayout title="Welcome back" subtitle="Log in to manage your AI receptionist.">
      <FormAlert kind="info">{info}</FormAlert>
      <FormAlert kind="error">{error}</FormAlert>
      <form onSubmit={submit} noValidate>
        <FormField id="email" label="Email">
          <input
            id="email"
            maxLength={TEXT_LIMITS.email}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <FormField id="password" label="Password">
          <input
            id="password"
            maxLength={TEXT_LIMITS.password}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Logging in…' : 'Log In'}
        </button>
      </form>
      <div className="auth-actions auth-actions-end">
        <button
          type="button"
          className="btn-link btn"
          onClick={() => {
            setError('');
            setInfo('');
            setForgotPassword(true);
          }}
        >
          Forgot password?
        </button>
      </div>
      {OAUTH_ENABLED ? null : (
        <p className="social-disabled">Sign-in with Google and other providers is coming soon.</p>
      )}
      <p className="auth-footer">
        New to Ringly? <Link to="/signup">Create an account</Link>
      </p>
    </AuthLayout>
  );
}
