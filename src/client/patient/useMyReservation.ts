/**
 * The patient's own reservation. The public stream carries no owner ids, so whenever it reports a new
 * version we ask the server again (getMyReservation); between versions nothing the patient sees can change.
 * Two moments need no ask: while a take is in flight (its answer carries the card, and the version its own
 * number bumps says nothing new), and the screen that shows the card the take just answered with.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { callFn, FnError } from '../api/fn.js';
import type { MyReservation } from '../../shared/schemas/functions.js';
import type { QueueSnapshot } from '../../shared/schemas/live.js';
import type { PatientAuth } from './patient-context.js';

export interface MyReservationState {
  reservation: MyReservation | null;
  /** Every active number of the patient in queue order (a family, decision 053); one card or none otherwise. */
  family?: MyReservation[];
  /** False until the first answer: screens must not claim "no reservation" before they know. */
  loaded: boolean;
  refresh(): void;
}

export interface MyReservationOptions {
  /** The card allocateNextSlot just answered with (read on mount): shown at once, asked again once stale. */
  taken?: MyReservation | null;
  /** A take is in flight: ask nothing until it settles (settling without a card asks again). */
  hold?: boolean;
}

/**
 * Whether a snapshot still shows the taken card as it was: its public row (place and hold) unchanged. The
 * stream's first snapshot may already be newer than the take (someone started meanwhile); then we ask.
 */
export function stillAsTaken(snapshot: QueueSnapshot, taken: MyReservation): boolean {
  const row = snapshot.queue.find((r) => r.reservationNumber === taken.reservationNumber);
  return row !== undefined && row.ahead === taken.ahead && row.hold === taken.hold;
}

export function useMyReservation(
  auth: PatientAuth | null,
  snapshot: QueueSnapshot | null | undefined,
  { taken: card = null, hold = false }: MyReservationOptions = {},
): MyReservationState {
  // A family's take (decision 053) answered several cards: the screen asks for them all at once instead.
  const taken = card?.familyId ? null : card;
  const [state, setState] = useState<{ reservation: MyReservation | null; family?: MyReservation[]; loaded: boolean }>(() => ({
    reservation: taken,
    loaded: taken !== null,
  }));
  const [nonce, setNonce] = useState(0);
  const token = auth?.status === 'ready' ? auth.token : null;
  const onUnauthenticated = auth?.onUnauthenticated;
  const version = snapshot?.version;
  // The taken card stands until the first version is judged against it; after that, every version asks.
  const trusted = useRef(taken);
  const current = useRef(snapshot);
  current.current = snapshot;

  useEffect(() => {
    if (!token || hold) return;
    const card = trusted.current;
    if (card && nonce === 0) {
      // No version yet: the take's answer is the newest word there is.
      if (!current.current) return;
      trusted.current = null;
      if (stillAsTaken(current.current, card)) return;
    }
    trusted.current = null;
    let stale = false;
    callFn('getMyReservation', {}, token).then(
      (result) => {
        if (!stale) setState({ reservation: result.reservation, family: result.family, loaded: true });
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
  }, [token, version, nonce, hold, onUnauthenticated]);

  const refresh = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, refresh };
}
