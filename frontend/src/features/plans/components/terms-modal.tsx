import { Link } from 'react-router-dom';
import { BlockingDialog } from '../../../components/ui/blocking-dialog';

/** The terms must be accepted before choosing a plan: Agree stores the flag, Cancel logs out (spec §4). */
export function TermsModal({ onAgree, onCancel }: { onAgree: () => void; onCancel: () => void }) {
  return (
    <BlockingDialog
      testId="terms-modal"
      title="Terms of Service"
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={onAgree}>
            Agree
          </button>
        </>
      }
    >
      <p>
        Before you choose a plan, please read and accept our{' '}
        <Link to="/toc" target="_blank" rel="noreferrer">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" target="_blank" rel="noreferrer">
          Privacy Policy
        </Link>
        .
      </p>
      <p>
        Subscriptions are billed in advance and are non-refundable. Your card is only charged when your free
        trial ends, and you can cancel any time before then.
      </p>
    </BlockingDialog>
  );
}
