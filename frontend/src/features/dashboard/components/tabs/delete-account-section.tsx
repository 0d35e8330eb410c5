import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_DELETION_TEXTS, ACCOUNT_DELETION_WORD } from '@shared/account-deletion';
import { SESSION_MESSAGES } from '@shared/session';
import { ApiClientError } from '../../../../lib/api-client';
import { useAuth } from '../../../auth';
import { accountApi } from '../../api/account-api';
import { markAccountDeleted } from '../../../../lib/account-deleted-notice';

/** Where the app lands after a deletion; the landing page shows ACCOUNT_DELETION_TEXTS.done for it. */
export const ACCOUNT_DELETED_LANDING = '/?account=deleted';

/** A deletion that finished while its answer was lost: the API now refuses the account's tokens. */
const alreadyDeleted = (error: unknown) =>
  error instanceof ApiClientError &&
  error.status === 401 &&
  error.serverError === SESSION_MESSAGES.accountDeleted;

/**
 * The Subscription tab's danger zone (issue 10 §7): says what goes, asks for the confirmation word, then
 * deletes the account on the server, signs out locally and lands on the landing page with a notice.
 */
export function DeleteAccountSection({ userId }: { userId: string }) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const { logout } = useAuth();
  const navigate = useNavigate();
  // Leave the dashboard first: signing out would make its guard send the owner to a bare '/' instead.
  const finish = async () => {
    markAccountDeleted();
    navigate(ACCOUNT_DELETED_LANDING, { replace: true });
    await logout();
  };
  const deletion = useMutation({
    mutationFn: () => accountApi.deleteAccount(userId),
    onSuccess: finish,
    onError: (error) => {
      if (alreadyDeleted(error)) void finish();
    },
  });
  const confirmed = typed.trim() === ACCOUNT_DELETION_WORD;
  const failure =
    deletion.error instanceof ApiClientError && deletion.error.status === 409
      ? ACCOUNT_DELETION_TEXTS.inProgress
      : ACCOUNT_DELETION_TEXTS.failed;

  return (
    <section className="card dashboard-panel danger-zone" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{ACCOUNT_DELETION_TEXTS.title}</h2>
      <p className="dashboard-muted">{ACCOUNT_DELETION_TEXTS.explanation}</p>
      {deletion.isError && !alreadyDeleted(deletion.error) ? (
        <div className="alert alert-error" role="alert">
          {failure}
        </div>
      ) : null}
      <form
        className="danger-zone-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed && !deletion.isPending) deletion.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>{ACCOUNT_DELETION_TEXTS.confirmLabel}</label>
          <input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            maxLength={ACCOUNT_DELETION_WORD.length}
            autoComplete="off"
            spellCheck={false}
            disabled={deletion.isPending}
          />
        </div>
        <button type="submit" className="btn btn-danger" disabled={!confirmed || deletion.isPending}>
          {deletion.isPending ? ACCOUNT_DELETION_TEXTS.deleting : ACCOUNT_DELETION_TEXTS.button}
        </button>
      </form>
    </section>
  );
}
