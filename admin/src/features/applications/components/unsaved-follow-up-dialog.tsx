import { Modal } from '../../../components/modal.tsx';

interface UnsavedFollowUpDialogProps {
  name: string;
  saving: boolean;
  /** Why the last save failed, said here since the form is behind the dialog. */
  error: string | null;
  onSave: () => void;
  onDiscard: () => void;
  onStay: () => void;
}

/** Asked before the staff member leaves an application whose follow-up they changed without saving. */
export function UnsavedFollowUpDialog({ name, saving, error, onSave, onDiscard, onStay }: UnsavedFollowUpDialogProps) {
  return (
    <Modal title="Save the follow-up first?" onClose={onStay}>
      <p className="modal__text">You changed the status or the note of {name}'s application and have not saved it.</p>
      {error && (
        <p className="modal__error" role="alert">
          {error}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onStay} disabled={saving}>
          Stay here
        </button>
        <button type="button" className="button button--danger-outline" onClick={onDiscard} disabled={saving}>
          Discard changes
        </button>
        <button type="button" className="button" onClick={onSave} disabled={saving} data-autofocus>
          {saving ? 'Saving...' : 'Save and continue'}
        </button>
      </div>
    </Modal>
  );
}
