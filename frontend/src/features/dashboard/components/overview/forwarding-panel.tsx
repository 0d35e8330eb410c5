import { useState } from 'react';
import { FORWARDING_TEXTS } from '@shared/forwarding';
import { formatPhone } from '@shared/phone/phone-number';
import type { OverviewResponse } from '@shared/schemas/overview';
import { ForwardingGuide, ForwardingStatusLine } from '../../../forwarding';

/**
 * Forwarding from the business line on the Overview: verified or not and when a forwarded call was last
 * seen, and the guide to set it up (docs/decisions/172-forwarding.md).
 */
export function ForwardingPanel({ userId, overview }: { userId: string; overview: OverviewResponse }) {
  const [open, setOpen] = useState(false);
  const status = overview.forwarding;
  return (
    <section
      className={`card dashboard-panel${open ? ' forwarding-panel-wide' : ''}`}
      aria-labelledby="overview-forwarding-title"
      data-testid="forwarding-panel"
    >
      <h2 id="overview-forwarding-title">{FORWARDING_TEXTS.statusLabel}</h2>
      <ForwardingStatusLine status={status} timeZone={overview.time_zone} />
      {status.forwarded_from ? (
        <p className="dashboard-muted">
          {FORWARDING_TEXTS.from} {formatPhone(status.forwarded_from, 'dashed')}
        </p>
      ) : null}
      {open ? (
        <ForwardingGuide
          userId={userId}
          assistantPhone={status.assistant_phone ?? undefined}
          businessPhone={status.business_phone ?? undefined}
          timeZone={overview.time_zone}
        />
      ) : (
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="open-forwarding-guide"
          onClick={() => setOpen(true)}
        >
          {FORWARDING_TEXTS.openGuide}
        </button>
      )}
    </section>
  );
}
