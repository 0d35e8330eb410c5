import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  checkoutRefusalIn,
  currentPlanFor,
  formatPlanPrice,
  isPaymentFailed,
  isSubscribed,
  isWaitListPlan,
  PLAN_MESSAGES,
  PLAN_TIMINGS,
  plansForCards,
  subscriptionDisplay,
  upgradeOptions,
} from '@shared/plans';
import { SUBSCRIPTION_PLAN_FEATURE } from '@shared/feature-engagement';
import { formatCredits } from '@shared/referrals';
import type { Plan } from '@shared/schemas/subscription';
import { Modal } from '../../../../components/ui/modal';
import { PaymentFailedNotice } from '../../../../components/billing/payment-failed-notice';
import { subscriptionApi } from '../../api/subscription-api';
import { DeleteAccountSection } from './delete-account-section';

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : null;

const priceText = (plan: Plan) => {
  const price = formatPlanPrice(plan);
  return `${price.price}${price.period}${price.perMonth ? ` (${price.perMonth})` : ''}`;
};

/** Spec §2 and §4 "Subscription display": status, current plan, upgrade options, billing. */
export function SubscriptionTab({ userId }: { userId: string }) {
  const status = useQuery({ queryKey: ['subscription', 'status'], queryFn: subscriptionApi.status });
  const products = useQuery({ queryKey: ['subscription', 'products'], queryFn: subscriptionApi.products });
  const subscribedNow = isSubscribed(status.data?.status ?? 'none');
  // After coupons and referral credits (decision 164): what the owner will really pay next.
  const nextInvoice = useQuery({
    queryKey: ['subscription', 'upcoming-invoice'],
    queryFn: subscriptionApi.upcomingInvoice,
    enabled: subscribedNow,
  });
  const [waitlistPlan, setWaitlistPlan] = useState<Plan | null>(null);
  const [changeError, setChangeError] = useState<string | null>(null);

  useEffect(() => {
    if (!waitlistPlan) return;
    const timer = window.setTimeout(() => setWaitlistPlan(null), PLAN_TIMINGS.featureFeedbackMs);
    return () => window.clearTimeout(timer);
  }, [waitlistPlan]);

  const returnUrl = `${window.location.origin}/dashboard?tab=subscription`;
  const openBilling = useMutation({
    mutationFn: (priceId?: string) => subscriptionApi.portal(returnUrl, priceId),
    onMutate: () => setChangeError(null),
    onSuccess: ({ portal_url: url }) => window.location.assign(url),
    onError: () => setChangeError(PLAN_MESSAGES.changePlanFailed),
  });
  const startCheckout = useMutation({
    mutationFn: (plan: Plan) =>
      subscriptionApi.checkout({
        price_id: plan.price_id,
        success_url: `${window.location.origin}/setup?payment=success&plan=${encodeURIComponent(plan.price_id)}`,
        cancel_url: returnUrl,
        user_id: userId,
        metadata: { cognito_user_id: userId },
      }),
    onMutate: () => setChangeError(null),
    onSuccess: ({ checkout_url: url }) => window.location.assign(url),
    onError: (error) => {
      // A refused checkout (409) says why in the server's words, and the status is read again.
      const refused = checkoutRefusalIn(error)?.message;
      setChangeError(refused ?? PLAN_MESSAGES.changePlanFailed);
      if (refused) void status.refetch();
    },
  });

  if (status.isPending || products.isPending) return <p>Loading...</p>;
  if (status.isError || products.isError) {
    return (
      <div className="alert alert-error" role="alert">
        {PLAN_MESSAGES.subscriptionLoadFailed}
      </div>
    );
  }

  const plans = plansForCards(products.data);
  const subscription = status.data;
  const current = currentPlanFor(plans, subscription);
  const display = subscriptionDisplay(subscription.status, current);
  const subscribed = isSubscribed(subscription.status);
  const upgrades = upgradeOptions(plans, current);
  const busy = openBilling.isPending || startCheckout.isPending;

  const choose = (plan: Plan) => {
    if (isWaitListPlan(plan)) {
      setWaitlistPlan(plan);
      subscriptionApi
        .interested({
          feature_type: SUBSCRIPTION_PLAN_FEATURE,
          feature_id: plan.price_id,
          feature_name: plan.name,
          context: { page: 'dashboard', location: 'subscription_tab', price_id: plan.price_id },
        })
        .catch((error: unknown) => console.warn('Recording interest failed', error));
      return;
    }
    // A live subscription changes plan in the billing portal, opened on confirming the chosen plan;
    // without one, a new checkout starts.
    if (subscribed) openBilling.mutate(plan.price_id);
    else startCheckout.mutate(plan);
  };

  const paymentFailed = isPaymentFailed(subscription.status);
  return (
    <div className="subscription-tab">
      {paymentFailed ? <PaymentFailedNotice returnPath="/dashboard?tab=subscription" /> : null}
      {changeError ? (
        <div className="alert alert-error" role="alert">
          {changeError}
        </div>
      ) : null}
      <section className="card dashboard-panel" aria-label="Subscription status">
        <h2>Subscription</h2>
        <p className="subscription-status">
          <span
            className={`status-badge status-${display.label === 'Inactive' ? 'inactive' : 'live'}`}
            data-testid="subscription-status"
          >
            {display.label}
          </span>
          {display.note ? <span className="dashboard-muted"> {display.note}</span> : null}
        </p>
        <dl className="subscription-facts">
          <dt>Current plan</dt>
          <dd data-testid="current-plan">{current ? `${current.name} · ${priceText(current)}` : 'None'}</dd>
          {subscription.status === 'trialing' && subscription.trial_end ? (
            <>
              <dt>Trial ends</dt>
              <dd>{day(subscription.trial_end)}</dd>
            </>
          ) : null}
          {subscribed && subscription.current_period_end ? (
            <>
              <dt>{subscription.cancel_at_period_end ? 'Ends on' : 'Renews on'}</dt>
              <dd>{day(subscription.current_period_end)}</dd>
            </>
          ) : null}
          {subscribed && nextInvoice.data ? (
            <>
              <dt>Next invoice</dt>
              <dd data-testid="next-invoice">
                <strong data-testid="next-invoice-amount">
                  {formatCredits(nextInvoice.data.amount_due)}
                </strong>
                {nextInvoice.data.discount > 0 || nextInvoice.data.credit_applied > 0 ? (
                  <span className="dashboard-muted" data-testid="next-invoice-breakdown">
                    {' '}
                    ({formatCredits(nextInvoice.data.subtotal)}
                    {nextInvoice.data.discount > 0
                      ? ` − ${formatCredits(nextInvoice.data.discount)} referral discount`
                      : ''}
                    {nextInvoice.data.credit_applied > 0
                      ? ` − ${formatCredits(nextInvoice.data.credit_applied)} referral credit`
                      : ''}
                    )
                  </span>
                ) : null}
                {nextInvoice.data.credit_remaining > 0 ? (
                  <span className="dashboard-muted">
                    {' '}
                    · {formatCredits(nextInvoice.data.credit_remaining)} credit left for later invoices
                  </span>
                ) : null}
              </dd>
            </>
          ) : null}
        </dl>
        {subscription.status !== 'none' ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => openBilling.mutate(undefined)}
          >
            Manage billing
          </button>
        ) : null}
      </section>

      {/* A failed payment is fixed with a new card, not a fresh plan (issue 10 §2). */}
      {paymentFailed ? null : (
        <section className="card dashboard-panel" aria-label="Upgrade options">
          <h2>{subscribed ? 'Upgrade options' : 'Choose a plan'}</h2>
          {upgrades.length === 0 ? (
            <p className="dashboard-muted">You are on our highest plan.</p>
          ) : (
            <ul className="upgrade-list">
              {upgrades.map((plan) => (
                <li key={plan.price_id} className="upgrade-option" data-testid="upgrade-option">
                  <div>
                    <strong>{plan.name}</strong> <span className="dashboard-muted">{priceText(plan)}</span>
                  </div>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={busy}
                    onClick={() => choose(plan)}
                  >
                    {isWaitListPlan(plan) ? 'Join Waitlist' : subscribed ? 'Upgrade' : 'Choose'}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <DeleteAccountSection userId={userId} />

      {waitlistPlan ? (
        <Modal
          title="Coming Soon!"
          onClose={() => setWaitlistPlan(null)}
          actions={
            <button type="button" className="btn btn-primary" onClick={() => setWaitlistPlan(null)}>
              OK
            </button>
          }
        >
          <p role="status">
            The {waitlistPlan.name} plan is coming soon. Thanks for your interest: we have noted it and will
            let you know when it opens.
          </p>
        </Modal>
      ) : null}
    </div>
  );
}
