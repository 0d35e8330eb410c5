import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CLIENT_TIMINGS } from '@shared/client-timings';
import { ModalLayer } from './modal-layer';
import './modal.css';

/**
 * A centred dialog over the dimmed page, top bar included. Escape and the backdrop close it: the backdrop
 * stays for a short moment first (spec §9's 100 ms dismiss delay) so the closing click cannot land on what
 * is underneath. Focus moves into the dialog when it opens so keyboard users land on its actions.
 */
export function Modal({
  title,
  children,
  actions,
  onClose,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose: () => void;
}) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [closing, setClosing] = useState(false);
  const dismiss = useCallback(() => setClosing(true), []);
  useEffect(() => {
    if (!closing) return;
    const timer = window.setTimeout(onClose, CLIENT_TIMINGS.dismissDelayShortMs);
    return () => window.clearTimeout(timer);
  }, [closing, onClose]);
  useEffect(() => dialogRef.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dismiss]);
  return (
    <ModalLayer className={`modal-backdrop${closing ? ' is-closing' : ''}`} onBackdropClick={dismiss}>
      <div
        ref={dialogRef}
        className="modal card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <div className="modal-body">{children}</div>
        <div className="modal-actions">{actions}</div>
      </div>
    </ModalLayer>
  );
}
