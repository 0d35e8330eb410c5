import { BlockingDialog } from '../../../components/ui/blocking-dialog';

/** A waitlist plan: interest is recorded when it opens; it closes itself after the feedback delay. */
export function FeatureComingSoonModal({ planName, onClose }: { planName: string; onClose: () => void }) {
  return (
    <BlockingDialog
      testId="coming-soon-modal"
      title="Coming Soon!"
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          OK
        </button>
      }
    >
      <p role="status">
        The {planName} plan is coming soon. Thanks for your interest: we have noted it and will let you know
        when it opens.
      </p>
    </BlockingDialog>
  );
}
