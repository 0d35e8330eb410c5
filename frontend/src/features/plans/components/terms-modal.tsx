import { Link } from 'react-router-dom';
import { TERMS_DIALOG_TEXT as TEXT } from '@shared/terms-dialog';
import { BlockingDialog } from '../../../components/ui/blocking-dialog';

/**
 * The terms must be accepted before choosing a plan: Agree stores the flag, Cancel logs out (spec §4). The
 * entry paints the same dialog before this code arrives (app/remembered-screen.ts): keep the two alike.
 */
export function TermsModal({ onAgree, onCancel }: { onAgree: () => void; onCancel: () => void }) {
  return (
    <BlockingDialog
      testId="terms-modal"
      title={TEXT.title}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {TEXT.cancel}
          </button>
          <button type="button" className="btn btn-primary" onClick={onAgree}>
            {TEXT.agree}
          </button>
        </>
      }
    >
      <p>
        {TEXT.readAndAccept}{' '}
        <Link to="/toc" target="_blank" rel="noreferrer">
          {TEXT.termsLink}
        </Link>{' '}
        {TEXT.and}{' '}
        <Link to="/privacy" target="_blank" rel="noreferrer">
          {TEXT.privacyLink}
        </Link>
        .
      </p>
      <p>{TEXT.billing}</p>
    </BlockingDialog>
  );
}
