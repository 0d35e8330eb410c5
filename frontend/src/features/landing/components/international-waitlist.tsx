import { lazy, Suspense, useState } from 'react';
import { withChunkTimeout } from '../../../lib/chunk-load';
import { HERO_COPY } from '../landing-content';

// The form, its validation schema and the API client load when the visitor opens the dialog: none of them
// is needed to show the landing page (bench `landing_js`).
const loadDialog = withChunkTimeout(
  'international-waitlist',
  () => import('./international-waitlist-dialog'),
);
const InternationalWaitlistDialog = lazy(async () => ({
  default: (await loadDialog()).InternationalWaitlistDialog,
}));

/** "Join the international waitlist": opens the in-app waitlist form (the same list /plans records). */
export function InternationalWaitlistLink() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn-link landing-inline-link"
        // Starts the download as the pointer arrives, so the dialog is usually there by the click.
        onPointerEnter={() => void loadDialog().catch(() => undefined)}
        onClick={() => setOpen(true)}
      >
        {HERO_COPY.waitlist}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <InternationalWaitlistDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
