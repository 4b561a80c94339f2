/**
 * The patient's own reservation. The public stream carries no owner ids, so whenever it reports a new
 * version we ask the server again (getMyReservation); between versions nothing the patient sees can change.
 */
import { useCallback, useEffect, useState } from 'react';
import { callFn, FnError } from '../api/fn.js';
import type { MyReservation } from '../../shared/schemas/functions.js';
import type { PatientAuth } from './patient-context.js';

export interface MyReservationState {
  reservation: MyReservation | null;
  /** False until the first answer: screens must not claim "no reservation" before they know. */
  loaded: boolean;
  refresh(): void;
}

export function useMyReservation(auth: PatientAuth | null, version: number | undefined): MyReservationState {
  const [state, setState] = useState<{ reservation: MyReservation | null; loaded: boolean }>({
    reservation: null,
    loaded: false,
  });
  const [nonce, setNonce] = useState(0);
  const token = auth?.status === 'ready' ? auth.token : null;
  const onUnauthenticated = auth?.onUnauthenticated;

  useEffect(() => {
    if (!token) return;
    let stale = false;
    callFn('getMyReservation', {}, token).then(
      (result) => {
        if (!stale) setState({ reservation: result.reservation, loaded: true });
      },
      (err: unknown) => {
        if (stale) return;
        if (err instanceof FnError && err.status === 'UNAUTHENTICATED') onUnauthenticated?.();
        // Any other failure keeps what we showed; the next stream version asks again.
      },
    );
    return () => {
      stale = true;
    };
  }, [token, version, nonce, onUnauthenticated]);

  const refresh = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, refresh };
}
