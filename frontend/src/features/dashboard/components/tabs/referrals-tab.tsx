import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  canAddReferral,
  canEmailOrCancel,
  conversionRate,
  DEFAULT_REFERRER_NAME,
  formatCredits,
  isAddDisabled,
  REFERRAL_MESSAGES,
  REFERRAL_PROGRESS,
  REFERRAL_STATUS_LABELS,
  REFERRAL_TIMINGS,
  visibleReferrals,
} from '@shared/referrals';
import { REFERRAL_CREDIT_LABELS, referralCreditSummary } from '@shared/referral-rewards';
import type { Referral } from '@shared/schemas/referral';
import { useAuth } from '../../../auth';
import { referralErrorText, referralsApi } from '../../api/referrals-api';
import { onDemand } from '../../../../lib/chunk-load';
import { isSubscriptionRequired } from '../../../../components/billing/subscription-status';
import { SubscriptionGateNotice } from '../../../../components/billing/subscription-gate-notice';
import { copyText } from '../../../../lib/copy-text';
import './referrals-tab.css';
import { TEXT_LIMITS } from '@shared/text-limits';

const REFERRALS_KEY = ['referrals', 'list'] as const;
// The API's request schema (and zod with it) loads when the owner starts typing an address or adds one.
const referralSchemas = onDemand('referral-schemas', () => import('@shared/schemas/referral'));

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : null;

/** Spec §2 "Referrals": link with copy, add by e-mail, list with progress, conversion rate and credits. */
export function ReferralsTab(_props: { userId: string }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const referrals = useQuery({ queryKey: REFERRALS_KEY, queryFn: referralsApi.list });
  const link = useQuery({ queryKey: ['referrals', 'link'], queryFn: referralsApi.link });
  const [email, setEmail] = useState('');
  const [hideCanceled, setHideCanceled] = useState(true);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const referrerName = user?.attributes['custom:business_name']?.trim() || DEFAULT_REFERRER_NAME;

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), REFERRAL_TIMINGS.copiedMs);
    return () => window.clearTimeout(timer);
  }, [copied]);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), REFERRAL_TIMINGS.invitationNoticeMs);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: REFERRALS_KEY });
  const create = useMutation({
    mutationFn: (address: string) => referralsApi.create(address),
    onMutate: () => setError(null),
    onSuccess: () => {
      setEmail('');
      return refresh();
    },
    onError: (e) => setError(referralErrorText(e, REFERRAL_MESSAGES.createFailed)),
  });
  const cancel = useMutation({
    mutationFn: (referral: Referral) => referralsApi.cancel(referral.referral_id),
    onMutate: () => setError(null),
    onSuccess: () => refresh(),
    onError: (e) => setError(referralErrorText(e, REFERRAL_MESSAGES.cancelFailed)),
  });
  const invite = useMutation({
    mutationFn: (referral: Referral) => referralsApi.sendInvitation(referral.referee_email, referrerName),
    onMutate: () => {
      setError(null);
      setNotice(null);
    },
    onSuccess: (_result, referral) => {
      setNotice(REFERRAL_MESSAGES.invitationSent(referral.referee_email));
      return refresh();
    },
    onError: (e) => setError(referralErrorText(e, REFERRAL_MESSAGES.invitationFailed)),
  });

  if (referrals.isPending) return <p>Loading...</p>;
  if (referrals.isError) {
    return (
      <div className="alert alert-error" role="alert">
        {referralErrorText(referrals.error, REFERRAL_MESSAGES.loadFailed)}
      </div>
    );
  }

  const all = referrals.data;
  const credits = referralCreditSummary(all);
  const shown = visibleReferrals(all, hideCanceled);
  const addDisabled = isAddDisabled(email, create.isPending, all);
  const rowBusy = cancel.isPending || invite.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (addDisabled) return;
    const schemas = await referralSchemas.getOr(setError);
    if (!schemas) return;
    // The server's own schema first, so a typo gets a human message without a round trip.
    const checked = schemas.createReferralRequestSchema.safeParse({ referee_email: email });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? REFERRAL_MESSAGES.createFailed);
      return;
    }
    create.mutate(checked.data.referee_email);
  };

  return (
    <div className="referrals-tab">
      {/* Invitations are e-mails we send: they need a plan (the API answers 402 without one). */}
      <SubscriptionGateNotice
        returnPath="/dashboard?tab=referrals"
        force={isSubscriptionRequired(invite.error)}
      />
      {error ? (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      ) : null}
      {notice ? (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      ) : null}

      <section className="card dashboard-panel" aria-label="Share your link">
        <h2>Refer a business, get a month free</h2>
        <p className="dashboard-muted">
          Share your link. For each friend who completes the 14-day trial, you get one month free.
        </p>
        <div className="referral-link-row">
          <input
            className="referral-link-input"
            aria-label="Referral link"
            readOnly
            value={link.data?.referral_link ?? (link.isError ? '' : 'Loading...')}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!link.data}
            onClick={() => {
              if (!link.data) return;
              void copyText(link.data.referral_link).then(() => setCopied(true));
            }}
          >
            {copied ? REFERRAL_MESSAGES.copied : 'Copy'}
          </button>
        </div>
        {link.isError ? (
          <p className="field-error" role="alert">
            {referralErrorText(link.error, REFERRAL_MESSAGES.loadFailed)}
          </p>
        ) : null}
      </section>

      <section className="card dashboard-panel referral-stats" aria-label="Referral results">
        <div>
          <span className="referral-stat-value" data-testid="referral-total">
            {all.length}
          </span>
          <span className="dashboard-muted">Total referrals</span>
        </div>
        <div>
          <span className="referral-stat-value" data-testid="referral-conversion">
            {conversionRate(all)}%
          </span>
          <span className="dashboard-muted">Conversion rate</span>
        </div>
        <div>
          <span className="referral-stat-value" data-testid="referral-credits">
            {formatCredits(credits.earned)}
          </span>
          <span className="dashboard-muted">Credits earned</span>
        </div>
        <div>
          <span className="referral-stat-value" data-testid="referral-credits-applied">
            {formatCredits(credits.applied)}
          </span>
          <span className="dashboard-muted">Applied to invoices</span>
        </div>
        <div>
          <span className="referral-stat-value" data-testid="referral-credits-waiting">
            {formatCredits(credits.waiting)}
          </span>
          <span className="dashboard-muted">Waiting for your next invoice</span>
        </div>
      </section>

      <section className="card dashboard-panel" aria-label="Add a referral">
        <h2>Add a referral</h2>
        <form
          className="referral-add-form"
          onSubmit={(event) => void submit(event)}
          onFocus={referralSchemas.preload}
          noValidate
        >
          <div className="field referral-email-field">
            <label htmlFor="referee-email">Friend&apos;s e-mail</label>
            <input
              id="referee-email"
              maxLength={TEXT_LIMITS.email}
              type="email"
              autoComplete="off"
              placeholder="friend@business.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-describedby="referral-limit-hint"
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={addDisabled}>
            {create.isPending ? 'Adding...' : 'Add'}
          </button>
        </form>
        {!canAddReferral(all) ? (
          <p className="field-hint referral-limit-hint" id="referral-limit-hint">
            {REFERRAL_MESSAGES.maxPendingHint}
          </p>
        ) : null}
      </section>

      <section className="card dashboard-panel" aria-label="Your referrals">
        <div className="referral-list-header">
          <h2>Your referrals</h2>
          <label className="referral-hide-canceled">
            <input
              type="checkbox"
              checked={hideCanceled}
              onChange={(event) => setHideCanceled(event.target.checked)}
            />
            Hide canceled
          </label>
        </div>
        {shown.length === 0 ? (
          <p className="dashboard-muted">
            {all.length === 0 ? 'No referrals yet. Add a friend above.' : 'No referrals to show.'}
          </p>
        ) : (
          <ul className="referral-list">
            {shown.map((referral) => (
              <li key={referral.referral_id} className="referral-row" data-testid="referral-row">
                <div className="referral-row-main">
                  <strong className="referral-email">{referral.referee_email}</strong>
                  <span className={`referral-status referral-status-${referral.status}`}>
                    {REFERRAL_STATUS_LABELS[referral.status]}
                  </span>
                </div>
                <div
                  className="referral-progress"
                  role="progressbar"
                  aria-label={`Progress for ${referral.referee_email}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={REFERRAL_PROGRESS[referral.status]}
                >
                  <div
                    className={`referral-progress-fill referral-progress-${referral.status}`}
                    style={{ width: `${REFERRAL_PROGRESS[referral.status]}%` }}
                  />
                </div>
                <div className="referral-row-meta dashboard-muted">
                  <span>Added {day(referral.created_at)}</span>
                  {referral.trial_started_at ? (
                    <span>Trial since {day(referral.trial_started_at)}</span>
                  ) : null}
                  {referral.completed_at ? <span>Completed {day(referral.completed_at)}</span> : null}
                  {referral.status === 'complete' && referral.credit_status !== 'ineligible' ? (
                    <span>Credit {formatCredits(referral.credit_amount)}</span>
                  ) : null}
                  {REFERRAL_CREDIT_LABELS[referral.credit_status] ? (
                    <span data-testid="referral-credit-status">
                      {REFERRAL_CREDIT_LABELS[referral.credit_status]}
                      {referral.credit_invoice_id ? ` ${referral.credit_invoice_id}` : ''}
                    </span>
                  ) : null}
                </div>
                {canEmailOrCancel(referral.status) ? (
                  <div className="referral-row-actions">
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={rowBusy}
                      onClick={() => invite.mutate(referral)}
                    >
                      Send invitation
                    </button>
                    <button
                      type="button"
                      className="btn btn-link referral-cancel"
                      disabled={rowBusy}
                      onClick={() => cancel.mutate(referral)}
                    >
                      Cancel
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
