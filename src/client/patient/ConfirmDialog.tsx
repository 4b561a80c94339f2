/**
 * A yes/no question in a native modal <dialog>: the browser traps focus, Escape closes it and the page
 * behind is inert, which a hand-made overlay gets wrong more often than not. Focus starts on the safe
 * answer so a stray tap never confirms a cancellation.
 */
import { useEffect, useId, useRef } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  message: string;
  confirmLabel: string;
  dismissLabel: string;
  onConfirm(): void;
  onDismiss(): void;
}

export function ConfirmDialog({ open, message, confirmLabel, dismissLabel, onConfirm, onDismiss }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const safe = useRef<HTMLButtonElement>(null);
  const messageId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      safe.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={messageId} onClose={onDismiss}>
      <p id={messageId} className="confirm-message">
        {message}
      </p>
      <div className="confirm-actions">
        <button type="button" className="button danger block" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={safe} type="button" className="button block" onClick={onDismiss}>
          {dismissLabel}
        </button>
      </div>
    </dialog>
  );
}
