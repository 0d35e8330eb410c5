import { Modal } from '../../../components/ui/modal';
import { WIZARD_TEXT } from '../wizard-text';

export function UnsavedChangesModal({
  busy,
  onDiscard,
  onSave,
  onClose,
}: {
  busy: boolean;
  onDiscard: () => void;
  onSave: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title={WIZARD_TEXT.unsavedTitle}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onDiscard} disabled={busy}>
            {WIZARD_TEXT.discardChanges}
          </button>
          <button type="button" className="btn btn-primary" onClick={onSave} disabled={busy}>
            {WIZARD_TEXT.saveAndContinueModal}
          </button>
        </>
      }
    >
      You have changes on this step that are not saved yet. Save them before moving on?
    </Modal>
  );
}
