import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ModalLayer } from './modal-layer';
import './modal.css';

/**
 * A dialog that must be answered: no Escape, no backdrop dismissal, and nothing behind it reachable (the
 * top bar included; every blocking dialog offers its own way out, which signs the owner out).
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
    <ModalLayer className="modal-backdrop">
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
    </ModalLayer>
  );
}
