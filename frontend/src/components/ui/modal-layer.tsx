import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

let openLayers = 0;

/**
 * The layer every dialog sits on: a backdrop over the whole viewport (top bar included), rendered at the end
 * of <body>, and the app below made `inert` while it is open, so neither a click, a Tab nor a screen reader
 * reaches what the dialog covers. Nested layers keep the app inert until the last one closes.
 */
export function ModalLayer({
  className,
  onBackdropClick,
  children,
}: {
  className: string;
  onBackdropClick?: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    const app = document.getElementById('root');
    openLayers += 1;
    if (app) app.inert = true;
    return () => {
      openLayers -= 1;
      if (app && openLayers === 0) app.inert = false;
    };
  }, []);
  return createPortal(
    <div className={className} onClick={onBackdropClick} data-testid="modal-backdrop">
      {children}
    </div>,
    document.body,
  );
}
