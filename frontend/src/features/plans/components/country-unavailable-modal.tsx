import { BlockingDialog } from '../../../components/ui/blocking-dialog';

/** Owners outside the US and Canada: already on the international waitlist; Yes asks to be notified. */
export function CountryUnavailableModal({
  countryName,
  state,
  onYes,
  onNo,
}: {
  countryName: string;
  state: 'asking' | 'sending' | 'done';
  onYes: () => void;
  onNo: () => void;
}) {
  return (
    <BlockingDialog
      testId="country-modal"
      title="Not available in your country yet"
      actions={
        state === 'done' ? undefined : (
          <>
            <button type="button" className="btn btn-secondary" onClick={onNo} disabled={state === 'sending'}>
              No
            </button>
            <button type="button" className="btn btn-primary" onClick={onYes} disabled={state === 'sending'}>
              Yes
            </button>
          </>
        )
      }
    >
      {state === 'done' ? (
        <p role="status">Thank you! We will e-mail you when we launch in {countryName}.</p>
      ) : (
        <>
          <p>
            Our service is available in the United States and Canada only for now, and we have added you to
            our international waitlist for {countryName}.
          </p>
          <p>Would you like us to notify you when it becomes available in your country?</p>
        </>
      )}
    </BlockingDialog>
  );
}
