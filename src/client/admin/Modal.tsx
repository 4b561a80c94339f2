/**
 * Accessible modal dialogs on the native <dialog>: showModal() makes the page behind inert, traps focus and
 * gives Escape for free, and screen readers announce it as a dialog. One host queues confirm and alert
 * dialogs so actions can simply `await dialogs.confirm(message)` instead of window.confirm, which tests
 * and screen readers handle badly.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { t } from './labels.js';

interface ModalProps {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  /** Escape (the dialog's own cancel) calls this. */
  onCancel(): void;
  /** alertdialog for messages that need an answer now (refusals, new reservations). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

export function Modal({ title, children, actions, onCancel, role = 'dialog', className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // Back to where the receptionist was, so the keyboard flow through the list is not lost.
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`admin-dialog ${className ?? ''}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId} className="admin-dialog-body">
        {children}
      </div>
      <div className="button-row admin-dialog-actions">{actions}</div>
    </dialog>
  );
}

export interface Dialogs {
  confirm(message: string): Promise<boolean>;
  alert(message: string): Promise<void>;
}

interface Pending {
  id: number;
  kind: 'confirm' | 'alert';
  message: string;
  resolve(answer: boolean): void;
}

const DialogContext = createContext<Dialogs | null>(null);
let nextId = 0;

export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const open = useCallback(
    (kind: Pending['kind'], message: string) =>
      new Promise<boolean>((resolve) => setQueue((q) => [...q, { id: ++nextId, kind, message, resolve }])),
    [],
  );
  const api = useMemo<Dialogs>(
    () => ({ confirm: (m) => open('confirm', m), alert: (m) => open('alert', m).then(() => undefined) }),
    [open],
  );
  const current = queue[0];
  const settle = (answer: boolean) => {
    current?.resolve(answer);
    setQueue((q) => q.slice(1));
  };
  return (
    <DialogContext.Provider value={api}>
      {children}
      {current && (
        <Modal
          key={current.id}
          title={t(current.kind === 'confirm' ? 'admin.confirmTitle' : 'admin.refusedTitle')}
          role={current.kind === 'confirm' ? 'dialog' : 'alertdialog'}
          onCancel={() => settle(false)}
          actions={
            current.kind === 'confirm' ? (
              <>
                <button type="button" className="button" onClick={() => settle(false)}>
                  {t('admin.cancel')}
                </button>
                <button type="button" className="button primary" data-autofocus onClick={() => settle(true)}>
                  {t('admin.ok')}
                </button>
              </>
            ) : (
              <button type="button" className="button primary" data-autofocus onClick={() => settle(true)}>
                {t('admin.ok')}
              </button>
            )
          }
        >
          <p>{current.message}</p>
        </Modal>
      )}
    </DialogContext.Provider>
  );
}

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogContext);
  if (!dialogs) throw new Error('useDialogs needs a DialogProvider above it');
  return dialogs;
}
