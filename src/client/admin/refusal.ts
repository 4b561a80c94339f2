/**
 * One way to show a refused staff action: an alert with the server's own Japanese message. A refusal for
 * a lost session (expired, or signed out on another tab) then leads back to the sign-in form, instead of
 * leaving the receptionist pressing buttons that can no longer work.
 */
import { createContext, useCallback, useContext } from 'react';
import type { StaffKey } from '../../shared/labels/staff.js';
import { t } from './labels.js';
import { FnError } from '../api/fn.js';
import { useDialogs } from './Modal.js';

/** Called when the staff session turns out to be gone; AdminApp re-checks it with the server. */
export const SessionLostContext = createContext<() => void>(() => undefined);

export function useRefusal() {
  const dialogs = useDialogs();
  const sessionLost = useContext(SessionLostContext);
  return useCallback(
    async (err: unknown, fallback: StaffKey = 'error.internal') => {
      await dialogs.alert(err instanceof FnError ? err.message : t(fallback));
      if (err instanceof FnError && err.status === 'UNAUTHENTICATED') sessionLost();
    },
    [dialogs, sessionLost],
  );
}
