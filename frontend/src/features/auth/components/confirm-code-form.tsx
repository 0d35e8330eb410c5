import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES } from '@shared/auth-messages';
import { runtimeConfig } from '../../../lib/runtime-config';
import { confirmOwner, errorMessage, resendCode } from '../api/auth-actions';
import { AuthLayout, FormAlert } from './auth-layout';
import { FormField } from '../../../components/ui/form-field';
import { TEXT_LIMITS } from '@shared/text-limits';

type Props = {
  email: string;
  /** Shown above the form, e.g. why the code is asked for. */
  notice?: string;
  /** Runs after Cognito accepted the code (sign-in and navigation). */
  onConfirmed: () => Promise<void>;
  onBack?: () => void;
  backLabel?: string;
};

/** The confirmation-code screen of sign-up and login (spec §2, §4), with resend. */
export function ConfirmCodeForm({ email, notice, onConfirmed, onBack, backLabel = 'Back to Login' }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [info, setInfo] = useState(notice ?? '');
  const [busy, setBusy] = useState(false);
  const outboxUrl = runtimeConfig().outboxUrl;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!code.trim()) return setError('Please enter the confirmation code.');
    setBusy(true);
    try {
      await confirmOwner(email, code);
      await onConfirmed();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setError('');
    setInfo('');
    try {
      await resendCode(email);
      setInfo(AUTH_MESSAGES.codeResent);
    } catch (err) {
      setError(`${AUTH_MESSAGES.resendFailedPrefix}${errorMessage(err)}`);
    }
  };

  return (
    <AuthLayout
      title={AUTH_MESSAGES.checkEmailHeading}
      subtitle={
        <>
          We sent a 6-digit confirmation code to <strong>{email}</strong>.
        </>
      }
    >
      <FormAlert kind="info">{info}</FormAlert>
      <FormAlert kind="error">{error}</FormAlert>
      <form onSubmit={submit} noValidate>
        <FormField id="confirmation-code" label="Confirmation code">
          <input
            id="confirmation-code"
            maxLength={TEXT_LIMITS.confirmationCode}
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoFocus
          />
        </FormField>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Confirming…' : 'Confirm'}
        </button>
      </form>
      <div className="auth-actions">
        <button type="button" className="btn-link btn" onClick={resend}>
          Resend confirmation code
        </button>
        {onBack ? (
          <button type="button" className="btn-link btn" onClick={onBack}>
            {backLabel}
          </button>
        ) : null}
      </div>
      {outboxUrl ? (
        <p className="field-hint" style={{ marginTop: 16 }}>
          Running locally: e-mails go to the{' '}
          <a href={outboxUrl} target="_blank" rel="noreferrer">
            local outbox
          </a>
          .
        </p>
      ) : null}
    </AuthLayout>
  );
}
