import type { ReactNode } from 'react';
import { Modal } from './modal';

/**
 * The "are you sure?" dialog every destructive action asks with: a way back (Cancel, Keep …) and the action
 * itself, disabled while it runs. The body says what will happen.
 */
export function ConfirmModal({
  title,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  busy = false,
  confirmTestId,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** danger (red) for what can't be undone; primary where the action is the expected way on. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  confirmTestId?: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'}
            data-testid={confirmTestId}
            disabled={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
