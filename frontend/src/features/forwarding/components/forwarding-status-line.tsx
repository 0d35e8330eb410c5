import { forwardingStatusLine } from '@shared/forwarding';
import type { ForwardingStatus } from '@shared/schemas/forwarding';
import { seenAt } from '../forwarding-time';

/** "Forwarding: verified · last seen Nov 27, 3:04 PM" or "Forwarding: not verified". */
export function ForwardingStatusLine({ status, timeZone }: { status: ForwardingStatus; timeZone?: string }) {
  return (
    <p
      className={`forwarding-status forwarding-${status.state}`}
      data-testid="forwarding-status"
      aria-live="polite"
    >
      <span className="forwarding-dot" aria-hidden="true" />
      {forwardingStatusLine(status, (iso) => seenAt(iso, timeZone))}
    </p>
  );
}
