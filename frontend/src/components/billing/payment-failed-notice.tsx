import { useState } from 'react';
import { PAYMENT_FAILED } from '@shared/plans';
import { openBillingPortal } from './subscription-status';
import './billing-notice.css';

/**
 * A renewal failed (past_due, unpaid): the way forward is a new card in the billing portal, never a fresh
 * plan (issue 10 §2). Shown on the Overview, the Subscription tab and /plans.
 */
export function PaymentFailedNotice({ returnPath, wide = false }: { returnPath: string; wide?: boolean }) {
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  const updateCard = async () => {
    setOpening(true);
    setFailed(false);
    try {
      const { portal_url: url } = await openBillingPortal(`${window.location.origin}${returnPath}`);
      window.location.assign(url);
    } catch (error) {
      console.error('Opening the billing portal failed', error);
      setFailed(true);
      setOpening(false);
    }
  };
  return (
    <div
      className={`alert alert-error billing-notice${wide ? ' billing-notice-wide' : ''}`}
      role="alert"
      data-testid="payment-failed"
    >
      <div>
        <strong>{PAYMENT_FAILED.title}</strong>
        <p>{PAYMENT_FAILED.body}</p>
        {failed ? <p>Failed to open billing. Please try again.</p> : null}
      </div>
      <button type="button" className="btn btn-primary" disabled={opening} onClick={() => void updateCard()}>
        {opening ? 'Opening billing...' : PAYMENT_FAILED.action}
      </button>
    </div>
  );
}
