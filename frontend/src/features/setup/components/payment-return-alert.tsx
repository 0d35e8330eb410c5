import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { PLAN_MESSAGES } from '@shared/plans';

/**
 * Spec §4 "Payment return": /setup?payment=success&plan=… strips the query and confirms the payment. The
 * subscription itself is whatever the signed webhooks recorded; cached status is refetched.
 */
export function PaymentReturnAlert() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [shown] = useState(
    () => searchParams.get('payment') === 'success' && Boolean(searchParams.get('plan')),
  );

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

  if (!shown) return null;
  return (
    <div className="alert alert-success" role="status" data-testid="payment-success">
      {PLAN_MESSAGES.paymentSuccessful}
    </div>
  );
}
