/**
 * Signs the installation in: the stored install id for a patient token (exchangePwaInstallation). While the
 * server cannot be reached the app stays usable offline (the shell and a notice) and tries again when the
 * phone is back online or a few seconds later; only a refusal shows the PWA error card.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { callFn, FnError } from '../api/fn.js';
import type { PatientAuth } from '../patient/patient-context.js';
import { loadInstallId } from './install-id.js';

export interface PwaAuth extends PatientAuth {
  /** The last try could not reach the server (offline, or the server is down). */
  unreachable: boolean;
  /** The server's own words when it refused, for the error card. */
  error: string | null;
}

type State = Pick<PwaAuth, 'status' | 'token' | 'unreachable' | 'error'>;

const RETRY_FIRST_MS = 3000;
const RETRY_MAX_MS = 30_000;

export function usePwaAuth(): PwaAuth {
  const [state, setState] = useState<State>({ status: 'authenticating', token: null, unreachable: false, error: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stale = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const again = () => setAttempt((n) => n + 1);
    callFn('exchangePwaInstallation', { installId: loadInstallId() }).then(
      (result) => {
        if (!stale) setState({ status: 'ready', token: result.customToken, unreachable: false, error: null });
      },
      (err: unknown) => {
        if (stale) return;
        if (err instanceof FnError && err.status === 'UNAVAILABLE') {
          setState((s) => ({ ...s, status: s.token ? s.status : 'authenticating', unreachable: true }));
          retry = setTimeout(again, Math.min(RETRY_FIRST_MS * 2 ** Math.min(attempt, 4), RETRY_MAX_MS));
          window.addEventListener('online', again, { once: true });
          return;
        }
        setState({ status: 'failed', token: null, unreachable: false, error: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      stale = true;
      clearTimeout(retry);
      window.removeEventListener('online', again);
    };
  }, [attempt]);

  // An expired token (a phone left on for a day): exchange the same install id again.
  const onUnauthenticated = useCallback(() => {
    setState((s) => ({ ...s, status: 'authenticating', token: null }));
    setAttempt((n) => n + 1);
  }, []);

  return useMemo(
    () => ({ ...state, displayName: null, onUnauthenticated }),
    [state, onUnauthenticated],
  );
}
