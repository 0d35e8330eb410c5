import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { PLAN_MESSAGES } from '@shared/plans';
import { DismissibleNotice } from '../../../components/ui/dismissible-notice';
import { loadSubscriptionStatus } from '../api/setup-api';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * Spec §4 "Payment return": /setup?payment=success&plan=… strips the query and confirms the payment. The
 * subscription itself is whatever the signed webhooks recorded; cached status is refetched, and during a
 * trial the notice says so. The owner can dismiss it; the page hides it once the wizard moves on.
 */
export function PaymentReturnAlert({ hidden }: { hidden: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [shown] = useState(
    () => searchParams.get('payment') === 'success' && Boolean(searchParams.get('plan')),
  );
  const [dismissed, setDismissed] = useState(false);
  const dismiss = useCallback(() => setDismissed(true), []);
  const status = useQuery({
    queryKey: ['subscription', 'status'],
    queryFn: loadSubscriptionStatus,
    enabled: shown,
  });

  useEffect(() => {
    if (!shown) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payment');
        next.delete('plan');
        return next;
      },
      { replace: true },
    );
    void queryClient.invalidateQueries({ queryKey: ['subscription'] });
  }, [shown, setSearchParams, queryClient]);

  if (!shown || hidden || dismissed) return null;
  const trialing = status.data?.status === 'trialing';
  return (
    <DismissibleNotice tone="success" testId="payment-success" onDismissed={dismiss}>
      <strong>{PLAN_MESSAGES.paymentSuccessful}</strong>
      {trialing ? (
        <>
          {' '}
          {PLAN_MESSAGES.paymentSuccessfulTrial(
            status.data?.trial_end ? longDate(status.data.trial_end) : null,
          )}
        </>
      ) : null}
    </DismissibleNotice>
  );
}
