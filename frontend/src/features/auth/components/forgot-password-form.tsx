import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, SIGNUP_MESSAGES } from '@shared/signup-rules';
import { runtimeConfig } from '../../../lib/runtime-config';
import { FormField } from '../../../components/ui/form-field';
import { confirmPasswordReset, errorMessage, requestPasswordReset } from '../api/auth-actions';
import { AuthLayout, FormAlert } from './auth-layout';
import { TEXT_LIMITS } from '@shared/text-limits';

type Props = {
  initialEmail: string;
  /** Back to the login form; `resetFor` is the e-mail whose password was just reset. */
  onDone: (result: { resetFor?: string }) => void;
};

/**
 * Forgotten password: Cognito ForgotPassword e-mails a code, ConfirmForgotPassword sets the new password.
 * Cognito answers the first call alike for unknown addresses, so the screen never says whether an account
 * exists either.
 */
export function ForgotPasswordForm({ initialEmail, onDone }: Props) {
  const [stage, setStage] = useState<'request' | 'confirm'>('request');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [busy, setBusy] = useState(false);
  const outboxUrl = runtimeConfig().outboxUrl;

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    setError('');
    setInfo('');
    if (!email.trim()) return setError('Please enter your email.');
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setStage('confirm');
      setInfo('If an account exists for this email, we sent it a password reset code.');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!code.trim()) return setError('Please enter the reset code from the email.');
    if (password.length < PASSWORD_MIN_LENGTH) return setError(SIGNUP_MESSAGES.passwordTooShort);
    if (password !== confirmPassword) return setError(SIGNUP_MESSAGES.passwordsDoNotMatch);
    setBusy(true);
    try {
      await confirmPasswordReset(email, code, password);
      onDone({ resetFor: email.trim().toLowerCase() });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const outboxHint = outboxUrl ? (
    <p className="field-hint" style={{ marginTop: 16 }}>
      Running locally: e-mails go to the{' '}
      <a href={outboxUrl} target="_blank" rel="noreferrer">
        local outbox
      </a>
      .
    </p>
  ) : null;

  if (stage === 'request') {
    return (
      <AuthLayout title="Reset your password" subtitle="We will e-mail you a code to set a new password.">
        <FormAlert kind="error">{error}</FormAlert>
        <form onSubmit={sendCode} noValidate>
          <FormField id="reset-email" label="Email">
            <input
              id="reset-email"
              maxLength={TEXT_LIMITS.email}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoFocus
            />
          </FormField>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Sending…' : 'Send reset code'}
          </button>
        </form>
        <div className="auth-actions">
          <button type="button" className="btn-link btn" onClick={() => onDone({})}>
            Back to Login
          </button>
        </div>
        {outboxHint}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle={
        <>
          Enter the code sent to <strong>{email.trim().toLowerCase()}</strong> and your new password.
        </>
      }
    >
      <FormAlert kind="info">{info}</FormAlert>
      <FormAlert kind="error">{error}</FormAlert>
      <form onSubmit={reset} noValidate>
        <FormField id="reset-code" label="Reset code">
          <input
            id="reset-code"
            maxLength={TEXT_LIMITS.confirmationCode}
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoFocus
          />
        </FormField>
        <FormField
          id="new-password"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        >
          <input
            id="new-password"
            maxLength={TEXT_LIMITS.password}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <FormField id="confirm-new-password" label="Confirm new password">
          <input
            id="confirm-new-password"
            maxLength={TEXT_LIMITS.password}
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
        </FormField>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Saving…' : 'Set new password'}
        </button>
      </form>
      <div className="auth-actions">
        <button type="button" className="btn-link btn" onClick={() => void sendCode()} disabled={busy}>
          Send a new code
        </button>
        <button type="button" className="btn-link btn" onClick={() => onDone({})}>
          Back to Login
        </button>
      </div>
      {outboxHint}
    </AuthLayout>
  );
}
