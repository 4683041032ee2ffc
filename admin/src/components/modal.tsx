import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(focusableSelector));
}

/** Keeps Tab and Shift+Tab cycling inside the dialog. */
function trapTab(event: KeyboardEvent, dialog: HTMLElement): void {
  const items = focusables(dialog);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Forms keep what was typed when a tap lands outside by mistake. */
  closeOnBackdrop?: boolean;
}

/** Whether focus is still the dialog's as it closes: inside it, or lost with it (on the body). */
function focusStaysWith(dialog: HTMLElement): boolean {
  const focused = document.activeElement;
  return !focused || focused === document.body || dialog.contains(focused);
}

/**
 * An accessible modal: focus moves in (to the element marked `data-autofocus`, else the first
 * control), Tab stays inside, Escape closes, and focus returns to the opener on close, unless
 * the close put it somewhere itself (the editor back at its caret after a link).
 */
export function Modal({ title, onClose, children, closeOnBackdrop = true }: ModalProps) {
  const backdropRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const backdrop = backdropRef.current;
    if (!dialog || !backdrop) return;
    const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]');
    (preferred ?? focusables(dialog)[0] ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        trapTab(event, dialog);
      }
    };
    const onMouseDown = (event: MouseEvent) => {
      if (closeOnBackdrop && event.target === backdrop) onCloseRef.current();
    };
    dialog.addEventListener('keydown', onKeyDown);
    backdrop.addEventListener('mousedown', onMouseDown);
    document.body.classList.add('modal-open');
    return () => {
      dialog.removeEventListener('keydown', onKeyDown);
      backdrop.removeEventListener('mousedown', onMouseDown);
      document.body.classList.remove('modal-open');
      if (opener?.isConnected && focusStaysWith(dialog)) opener.focus();
    };
  }, [closeOnBackdrop]);

  return createPortal(
    <div className="modal-backdrop" ref={backdropRef}>
      <div ref={dialogRef} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}

interface ModalActionsProps {
  onCancel: () => void;
  cancelLabel?: string;
  /** The main action's label, and the one it shows while `busy`. */
  label: string;
  busyLabel?: string;
  busy?: boolean;
  danger?: boolean;
  /** `submit` inside a form; otherwise the main button calls `onConfirm`. */
  onConfirm?: () => void;
  /** Focus lands on Cancel when a dialog opens to confirm something that cannot be undone. */
  autofocusCancel?: boolean;
}

/** The bar of a dialog's buttons: Cancel, then the main action, which is disabled while it runs. */
export function ModalActions({
  onCancel,
  cancelLabel = 'Cancel',
  label,
  busyLabel,
  busy = false,
  danger = false,
  onConfirm,
  autofocusCancel = false,
}: ModalActionsProps) {
  return (
    <div className="modal__actions">
      <button type="button" className="button button--secondary" onClick={onCancel} data-autofocus={autofocusCancel || undefined}>
        {cancelLabel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={danger ? 'button button--danger' : 'button'}
        onClick={onConfirm}
        disabled={busy}
      >
        {busy && busyLabel ? busyLabel : label}
      </button>
    </div>
  );
}
