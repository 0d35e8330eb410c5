import { useEffect, useId, useRef, type ReactNode } from 'react';
import './modal.css';
import './blocking-dialog.css';

/**
 * A dialog that must be answered (no Escape, no backdrop dismissal). It dims the page below the top bar
 * only, so Dashboard and Sign Out stay in reach whatever the dialog asks.
 */
export function BlockingDialog({
  title,
  children,
  actions,
  testId,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => dialogRef.current?.focus(), []);
  return (
    <div className="blocking-dialog-backdrop">
      <div
        ref={dialogRef}
        className="modal card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <div className="modal-body">{children}</div>
        {actions ? <div className="modal-actions">{actions}</div> : null}
      </div>
    </div>
  );
}
