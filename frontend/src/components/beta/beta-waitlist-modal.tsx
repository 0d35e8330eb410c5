import { BlockingDialog } from '../ui/blocking-dialog';

/** Spec §1: the product is in private beta; owners who are not beta testers may join the waitlist. */
export function BetaWaitlistModal({
  email,
  state,
  onJoin,
  onNoThanks,
}: {
  email: string;
  state: 'asking' | 'sending' | 'done';
  onJoin: () => void;
  onNoThanks: () => void;
}) {
  return (
    <BlockingDialog
      testId="beta-modal"
      title="We are in private beta"
      actions={
        state === 'done' ? undefined : (
          <>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={onNoThanks}
              disabled={state === 'sending'}
            >
              No Thanks
            </button>
            <button type="button" className="btn btn-primary" onClick={onJoin} disabled={state === 'sending'}>
              Join the Waitlist
            </button>
          </>
        )
      }
    >
      {state === 'done' ? (
        <p role="status">You are on the waitlist. We will write to {email} as soon as a place opens.</p>
      ) : (
        <p>
          Access is by invitation while we are in private beta. Join the waitlist and we will e-mail{' '}
          <strong>{email}</strong> when a place opens.
        </p>
      )}
    </BlockingDialog>
  );
}
