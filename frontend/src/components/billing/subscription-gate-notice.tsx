import { Link } from 'react-router-dom';
import { isPaymentFailed, isSubscribed, SUBSCRIPTION_REQUIRED } from '@shared/plans';
import { PaymentFailedNotice } from './payment-failed-notice';
import { useSubscriptionStatus } from './subscription-status';
import './billing-notice.css';

/** The words and the link to /plans, for an action the API answers with 402 (issue 10 §1). */
export function SubscriptionRequiredNotice() {
  return (
    <div className="alert alert-info billing-notice" role="status" data-testid="subscription-required">
      <span>{SUBSCRIPTION_REQUIRED.hint}</span>
      <Link className="btn btn-primary" to={SUBSCRIPTION_REQUIRED.linkTo}>
        {SUBSCRIPTION_REQUIRED.linkLabel}
      </Link>
    </div>
  );
}

/**
 * Beside a paid action (buying the number, invitations, calendar share): nothing for a paying owner; the
 * card update for a failed payment; otherwise why the action needs a plan, with the link to /plans.
 * `force` shows the plan notice whatever the cached status says (the API just answered 402).
 */
export function SubscriptionGateNotice({
  returnPath,
  force = false,
}: {
  returnPath: string;
  force?: boolean;
}) {
  const status = useSubscriptionStatus();
  if (status.isPending && !force) return null;
  const current = status.data?.status;
  if (isPaymentFailed(current)) return <PaymentFailedNotice returnPath={returnPath} />;
  if (isSubscribed(current) && !force) return null;
  return <SubscriptionRequiredNotice />;
}
