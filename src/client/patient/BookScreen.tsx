/** The book screen wired to the live queue and the server (shared by /line/book and /pwa/book). */
import { useRef, useState } from 'react';
import { callFn, FnError } from '../api/fn.js';
import { isOnlineOpen } from '../../shared/queue/reception-switches.js';
import { BookView, type FamilyTake } from './BookView.js';
import { takeErrorMessage } from './error-messages.js';
import { useQueue } from './live-queue.js';
import { usePatient } from './patient-context.js';
import { usePublicSchedule } from './public-schedule.js';
import { useMyReservation } from './useMyReservation.js';

export function BookScreen() {
  const { auth, channel, paths, onTaken, liffAccessToken } = usePatient();
  const live = useQueue();
  const [busy, setBusy] = useState(false);
  // While the take is in flight its own answer will say what the patient holds: nothing else is asked.
  const my = useMyReservation(auth, live.data, { hold: busy });
  const schedule = usePublicSchedule({ version: live.data?.scheduleVersion, onlineOn: live.data?.runtime.onlineOn });
  const [error, setError] = useState<string | null>(null);
  // State updates land after the next render; a ref stops a double tap from sending two requests.
  const running = useRef(false);
  // A family (decision 053): the picker, shown when the clinic allows more than one, writes what to send.
  const members = useRef<FamilyTake>({}).current;

  async function take() {
    if (running.current || auth.status !== 'ready' || !auth.token) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      // In the LINE MINI App: its access token, for the server to ask LINE for service messages (decision 051).
      const liff = liffAccessToken?.() || undefined;
      const taken = await callFn('allocateNextSlot', { reservedType: channel, members: members.current, ...(liff && { liffAccessToken: liff }) }, auth.token);
      // The answer carries the card as the server holds it (its time, not the phone's): one round trip.
      // It is null only when the number was gone again before the answer; the confirmation still shows it.
      const { slotId, reservationNumber } = taken;
      onTaken(taken.reservation ?? { slotId, reservationNumber, reservedAt: new Date().toISOString(), ahead: null, hold: false }, taken.family);
      // The channel leaves this screen; busy stays, so nothing asks again on the way out.
      return;
    } catch (err) {
      if (err instanceof FnError && err.status === 'UNAUTHENTICATED') auth.onUnauthenticated();
      setError(members.refusal?.(err) ?? takeErrorMessage(err));
    }
    // Refused (maybe a number already held elsewhere): releasing the hold asks for the patient's card again.
    running.current = false;
    setBusy(false);
  }

  return (
    <BookView
      waitCount={live.data?.runtime.currentWaitCount ?? null}
      closed={live.data ? !isOnlineOpen(live.data.runtime) : false}
      late={live.data?.onlineClosedReason === 'late'}
      schedule={schedule}
      liveStatus={live.status}
      authenticating={auth.status !== 'ready' || !my.loaded}
      busy={busy}
      reserved={my.reservation !== null}
      error={error}
      myPath={paths.my}
      onTake={() => void take()}
      familyMax={live.data?.familyMax}
      members={members}
      announcement={live.data?.announcement}
    />
  );
}
