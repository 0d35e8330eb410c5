import { useNavigate } from 'react-router-dom';
import { issueText } from '@shared/overview';
import type { AssistantIssue } from '@shared/schemas/overview';
import { PaymentFailedNotice } from '../../../../components/billing/payment-failed-notice';

/**
 * What stops or troubles the assistant, each with the action that fixes it: a failed payment → the billing
 * portal; a lapsed subscription → the Subscription tab; no number → setup step 4; an expired calendar →
 * step 7's Reconnect button. An unreachable calendar is only a note: nothing to do.
 */
export function StatusIssues({
  issues,
  onOpenTab,
}: {
  issues: AssistantIssue[];
  onOpenTab: (tab: string) => void;
}) {
  const navigate = useNavigate();
  if (issues.length === 0) return null;
  return (
    <ul className="overview-issues" data-testid="assistant-issues">
      {issues.map((issue) => {
        const key =
          issue.kind === 'calendar_expired' || issue.kind === 'calendar_unreachable'
            ? `${issue.kind}-${issue.service}`
            : issue.kind;
        // The failed payment's own notice carries the billing-portal button (shared with other screens).
        if (issue.kind === 'payment_failed')
          return (
            <li key={key}>
              <PaymentFailedNotice returnPath="/dashboard" />
            </li>
          );
        const text = issueText(issue);
        // A note with nothing to do (an unreachable calendar): said calmly, as a status line, no button.
        if (!text.action)
          return (
            <li
              key={key}
              className={`overview-issue overview-issue-${issue.kind}`}
              data-testid={`issue-${issue.kind}`}
            >
              <p role="status">{text.message}</p>
            </li>
          );
        const act =
          issue.kind === 'subscription_lapsed'
            ? () => onOpenTab('subscription')
            : issue.kind === 'no_number'
              ? () => navigate('/setup?step=4')
              : () => navigate('/setup?step=7');
        return (
          <li
            key={key}
            className={`overview-issue overview-issue-${issue.kind}`}
            data-testid={`issue-${issue.kind}`}
          >
            <p>{text.message}</p>
            <button type="button" className="btn btn-secondary" onClick={act}>
              {text.action}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
