import { type FormEvent, memo, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { formatDollars } from '@shared/receptionist/deposits';
import type { GetPaidStatus } from '@shared/schemas/get-paid';
import { GET_PAID_TEXTS, type PayoutState } from '@shared/get-paid';
import { FormField } from '../../../../components/ui/form-field';
import { getPaidApi } from '../../api/get-paid-api';
import { draftOf, type DepositDraft, type DepositFieldErrors } from '../../deposit-settings-form';
import { onDemand } from '../../../../lib/chunk-load';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';

const depositValidation = onDemand(
  'deposit-settings-validation',
  () => import('../../deposit-settings-validation'),
);

const BADGE_CLASS: Record<PayoutState, string> = {
  not_started: 'status-pending',
  onboarding: 'status-attention',
  restricted: 'status-attention',
  ready: 'status-active',
};

/**
 * Issue 12 §3, the Get paid card: the owner's own Stripe account (onboarded through Stripe's pages), what
 * the assistant does about deposits and why, the deposit settings, and the money collected so far. Stripe
 * sends the owner back with ?stripe=return (re-read the account) or ?stripe=refresh (the link expired: a
 * fresh one opens at once).
 */
export const GetPaidPanel = memo(function GetPaidPanel({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const key = dashboardQueryKeys.getPaid(userId);
  const status = useQuery({ queryKey: key, queryFn: () => getPaidApi.status(userId) });
  const [searchParams, setSearchParams] = useSearchParams();
  const stripeReturn = searchParams.get('stripe');
  const onboarding = useMutation({
    mutationFn: () => getPaidApi.onboardingLink(userId),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const refreshed = useRef(false);
  useEffect(() => {
    if (stripeReturn === 'refresh' && !refreshed.current) {
      refreshed.current = true;
      onboarding.mutate();
    }
  }, [stripeReturn, onboarding]);
  // Back from Stripe: the status read refreshes the account from Stripe, then the notice goes.
  useEffect(() => {
    if (stripeReturn === 'return' && status.isFetched && !status.isFetching) {
      const next = new URLSearchParams(searchParams);
      next.delete('stripe');
      setSearchParams(next, { replace: true });
    }
  }, [stripeReturn, status.isFetched, status.isFetching, searchParams, setSearchParams]);
  // The card's body (the account, the deposit form) renders from a deferred copy of the status: when it
  // arrives during the dashboard's first second, React renders it in slices instead of one blocking task.
  const shownStatus = useDeferredValue(status.data);

  return (
    <section
      className="card dashboard-panel get-paid"
      aria-labelledby="get-paid-title"
      data-testid="get-paid"
    >
      <h2 id="get-paid-title">{GET_PAID_TEXTS.title}</h2>
      {shownStatus ? (
        <GetPaidBody
          userId={userId}
          status={shownStatus}
          onConnect={() => onboarding.mutate()}
          connecting={onboarding.isPending}
          onSaved={(next) => queryClient.setQueryData(key, next)}
        />
      ) : status.isError ? (
        <p className="alert alert-error" role="alert">
          {status.error.message}{' '}
          <button type="button" className="btn-link" onClick={() => void status.refetch()}>
            Try Again
          </button>
        </p>
      ) : (
        <p className="dashboard-muted">{stripeReturn === 'return' ? GET_PAID_TEXTS.returned : 'Loading…'}</p>
      )}
      {onboarding.isError ? (
        <p className="alert alert-error" role="alert">
          {onboarding.error.message}
        </p>
      ) : null}
    </section>
  );
});

function GetPaidBody({
  userId,
  status,
  onConnect,
  connecting,
  onSaved,
}: {
  userId: string;
  status: GetPaidStatus;
  onConnect: () => void;
  connecting: boolean;
  onSaved: (status: GetPaidStatus) => void;
}) {
  const { state } = status;
  return (
    <>
      <p>
        <span className={`status-badge ${BADGE_CLASS[state]}`} data-testid="get-paid-state">
          {GET_PAID_TEXTS.badges[state]}
        </span>
      </p>
      <p>{GET_PAID_TEXTS.states[state]}</p>
      {state === 'restricted' && status.requirements_due.length > 0 ? (
        <p className="dashboard-muted" data-testid="get-paid-requirements">
          Stripe still needs: {status.requirements_due.join(', ').replace(/[._]/g, ' ')}.
        </p>
      ) : null}
      <p className={status.deposits === 'on' ? '' : 'get-paid-off'} data-testid="get-paid-deposits">
        {GET_PAID_TEXTS.deposits[status.deposits]}
      </p>
      {state === 'ready' ? (
        <a className="btn btn-secondary" href={GET_PAID_TEXTS.dashboardUrl} target="_blank" rel="noreferrer">
          {GET_PAID_TEXTS.dashboardLink}
        </a>
      ) : (
        <button type="button" className="btn btn-primary" onClick={onConnect} disabled={connecting}>
          {connecting ? 'Opening Stripe…' : GET_PAID_TEXTS.actions[state]}
        </button>
      )}
      <p className="get-paid-collected">
        <span className="dashboard-muted">{GET_PAID_TEXTS.collected}</span>
        <strong data-testid="get-paid-collected">{formatDollars(status.collected_cents)}</strong>
      </p>
      <DepositSettingsForm userId={userId} status={status} onSaved={onSaved} />
    </>
  );
}

function DepositSettingsForm({
  userId,
  status,
  onSaved,
}: {
  userId: string;
  status: GetPaidStatus;
  onSaved: (status: GetPaidStatus) => void;
}) {
  const [draft, setDraft] = useState<DepositDraft>(() => draftOf(status.settings));
  const [errors, setErrors] = useState<DepositFieldErrors>({});
  const [checkFailed, setCheckFailed] = useState<string>();
  const save = useMutation({
    mutationFn: (settings: Parameters<typeof getPaidApi.saveSettings>[1]) =>
      getPaidApi.saveSettings(userId, settings),
    onSuccess: onSaved,
  });
  const change = (patch: Partial<DepositDraft>) => {
    setDraft({ ...draft, ...patch });
    save.reset();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = await depositValidation.getOr(setCheckFailed);
    if (!validation) return;
    setCheckFailed(undefined);
    const checked = validation.validateDepositDraft(draft);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) save.mutate(checked.value);
  };
  const input = (
    id: string,
    field: keyof DepositFieldErrors,
    label: string,
    inputMode: 'decimal' | 'numeric',
  ) => (
    <FormField id={id} label={label} error={errors[field]}>
      <input
        id={id}
        inputMode={inputMode}
        value={draft[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-error` : undefined}
        onChange={(e) => change({ [field]: e.target.value })}
      />
    </FormField>
  );

  return (
    <form
      className="get-paid-settings"
      onSubmit={(event) => void submit(event)}
      onFocus={depositValidation.preload}
      noValidate
    >
      <fieldset>
        <legend>{GET_PAID_TEXTS.settingsTitle}</legend>
        <div className="get-paid-modes" role="radiogroup" aria-label={GET_PAID_TEXTS.settingsTitle}>
          {(['fixed', 'percent'] as const).map((mode) => (
            <label key={mode}>
              <input
                type="radio"
                name="deposit-mode"
                checked={draft.mode === mode}
                onChange={() => change({ mode })}
              />
              {mode === 'fixed' ? GET_PAID_TEXTS.fixedLabel : GET_PAID_TEXTS.percentLabel}
            </label>
          ))}
        </div>
        {draft.mode === 'fixed' ? (
          input('deposit-amount', 'amount', GET_PAID_TEXTS.amountLabel, 'decimal')
        ) : (
          <div className="get-paid-percent">
            {input('deposit-percent', 'percent', GET_PAID_TEXTS.percentFieldLabel, 'numeric')}
            {input('deposit-price', 'price', GET_PAID_TEXTS.priceLabel, 'decimal')}
          </div>
        )}
        {input('deposit-refund', 'refundHours', GET_PAID_TEXTS.refundLabel, 'numeric')}
        <p className="field-hint">{GET_PAID_TEXTS.refundHint}</p>
      </fieldset>
      <button type="submit" className="btn btn-secondary" disabled={save.isPending}>
        {GET_PAID_TEXTS.save}
      </button>
      {save.isSuccess ? (
        <p className="alert alert-success" role="status">
          {GET_PAID_TEXTS.saved}
        </p>
      ) : null}
      {checkFailed || save.isError ? (
        <p className="alert alert-error" role="alert">
          {checkFailed ?? save.error?.message}
        </p>
      ) : null}
    </form>
  );
}
