import { Modal, ModalActions } from './modal.tsx';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  busyLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  busy = false,
  danger = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel}>
      <p className="modal__text">{message}</p>
      <ModalActions
        onCancel={onCancel}
        cancelLabel={cancelLabel}
        label={confirmLabel}
        busyLabel={busyLabel}
        busy={busy}
        danger={danger}
        onConfirm={onConfirm}
        autofocusCancel
      />
    </Modal>
  );
}
