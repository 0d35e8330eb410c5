import { useEffect, useState, type ReactNode } from 'react';
import { CLIENT_TIMINGS } from '@shared/client-timings';

/**
 * A notice with a close button. Once dismissed it fades out for spec §9's 500 ms dismiss delay, then
 * `onDismissed` runs (the owner of the notice stops rendering it).
 */
export function DismissibleNotice({
  tone,
  testId,
  onDismissed,
  children,
}: {
  tone: 'success' | 'info' | 'error';
  testId?: string;
  onDismissed: () => void;
  children: ReactNode;
}) {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (!leaving) return;
    const timer = window.setTimeout(onDismissed, CLIENT_TIMINGS.dismissDelayMs);
    return () => window.clearTimeout(timer);
  }, [leaving, onDismissed]);
  return (
    <div
      className={`alert alert-${tone} alert-dismissible${leaving ? ' is-leaving' : ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <div className="alert-dismissible-text">{children}</div>
      <button
        type="button"
        className="alert-close"
        aria-label="Dismiss"
        disabled={leaving}
        onClick={() => setLeaving(true)}
      >
        ×
      </button>
    </div>
  );
}
