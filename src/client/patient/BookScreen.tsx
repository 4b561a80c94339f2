/** The book screen wired to the live queue and the server (shared by /line/book and /pwa/book). */
import { useRef, useState } from 'react';
import { callFn, FnError } from '../api/fn.js';
import { isOnlineOpen } from '../../shared/queue/rules.js';
import type { MyReservation } from '../../shared/schemas/functions.js';
import { BookView } from './BookView.js';
import { takeErrorMessage } from './error-messages.js';
import { useQueue } from './live-queue.js';
import { usePatient } from './patient-context.js';
import { useMyReservation } from './useMyReservation.js';

export function BookScreen() {
  const { auth, channel, paths, onTaken } = usePatient();
  const live = useQueue();
  const my = useMyReservation(auth, live.data?.version);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // State updates land after the next render; a ref stops a double tap from sending two requests.
  const running = useRef(false);

  async function take() {
    if (running.current || auth.status !== 'ready' || !auth.token) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      const taken = await callFn('allocateNextSlot', { reservedType: channel }, auth.token);
      // allocateNextSlot does not say when; the confirmation shows the server's time, not the phone's.
      const mine = await callFn('getMyReservation', {}, auth.token).catch(() => null);
      const reservation: MyReservation = mine?.reservation ?? {
        slotId: taken.slotId,
        reservationNumber: taken.reservationNumber,
        reservedAt: new Date().toISOString(),
        ahead: null,
        hold: false,
      };
      onTaken(reservation);
    } catch (err) {
      if (err instanceof FnError && err.status === 'UNAUTHENTICATED') auth.onUnauthenticated();
      setError(takeErrorMessage(err));
    } finally {
      running.current = false;
      setBusy(false);
      my.refresh();
    }
  }

  return (
    <BookView
      waitCount={live.data?.runtime.currentWaitCount ?? null}
      closed={live.data ? !isOnlineOpen(live.data.runtime) : false}
      liveStatus={live.status}
      authenticating={auth.status !== 'ready' || !my.loaded}
      busy={busy}
      reserved={my.reservation !== null}
      error={error}
      myPath={paths.my}
      onTake={() => void take()}
    />
  );
}
