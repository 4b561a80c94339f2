/** The "my reservation" screen wired to the live queue and the server (shared by /line/my and /pwa/my). */
import { useEffect, useRef, useState } from 'react';
import { callFn, FnError } from '../api/fn.js';
import { clearCheckinLink, readCheckinLink } from './checkin-link.js';
import { cancelErrorMessage } from './error-messages.js';
import { useQueue } from './live-queue.js';
import { MyView } from './MyView.js';
import type { NoticeChoice } from './NoticeChooser.js';
import { usePatient } from './patient-context.js';
import { useMyReservation } from './useMyReservation.js';

// The printed ticket's page (web/TicketScreen.tsx) takes what it shares with the patient screens from here,
// and reaches the book screen too: then every module /pwa and /line load first is also the ticket chunk's,
// so Rolldown keeps them in one chunk instead of splitting it into pieces that cost /pwa's budget a kilobyte.
export { MyReservationCard } from './MyReservationCard.js';
export { BookScreen } from './BookScreen.js';
export { AuthErrorCard } from './AuthErrorCard.js';

export function MyScreen() {
  const { auth, channel, paths, onCanceled, taken, onCard } = usePatient();
  const live = useQueue();
  const my = useMyReservation(auth, live.data, { taken });
  // The channel's own use of each card read (LINE's confirmation follows a move); its callback never changes.
  useEffect(() => {
    if (my.reservation) onCard?.(my.reservation, my.family);
  }, [my.reservation, my.family]);
  const [canceling, setCanceling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  // Hides the cancelled card at once instead of showing it until the server's next answer arrives.
  const [canceledSlotId, setCanceledSlotId] = useState<string | null>(null);
  const running = useRef(false);
  // A `?checkin=` link's code (issue 34), and the check-in just answered until getMyReservation says it too.
  const [linkCode, setLinkCode] = useState(readCheckinLink);
  const [arrived, setArrived] = useState<{ slotId: string; at: string } | null>(null);
  let shown = my.reservation && my.reservation.slotId !== canceledSlotId ? my.reservation : null;
  if (shown && !shown.arrivedAt && arrived?.slotId === shown.slotId) shown = { ...shown, arrivedAt: arrived.at };
  const arrivedNow = Boolean(shown?.arrivedAt);

  const dropLink = () => {
    clearCheckinLink();
    setLinkCode(null);
  };
  // A link opened by a patient who has already checked in has nothing left to do.
  useEffect(() => {
    if (arrivedNow && linkCode !== null) dropLink();
  }, [arrivedNow, linkCode]);

  // A family's cards (decision 053) check each member in by its slot id.
  async function checkIn(code: string, slotId = shown!.slotId) {
    try {
      const result = await callFn('checkIn', { slotId, code }, auth.token!);
      setArrived({ slotId, at: result.arrivedAt });
      dropLink();
      my.refresh();
    } catch (err) {
      if (err instanceof FnError && err.status === 'UNAUTHENTICATED') auth.onUnauthenticated();
      throw err;
    }
  }

  const chooseNotice = (choice: NoticeChoice) =>
    callFn('setMyNoticeThreshold', { slotId: shown!.slotId, ...choice }, auth.token!).then(() => my.refresh());

  async function cancel(reservation = shown) {
    if (running.current || !reservation || auth.status !== 'ready' || !auth.token) return;
    running.current = true;
    setCanceling(true);
    setCancelError(null);
    try {
      await callFn(
        'cancelReservation',
        { slotId: reservation.slotId, reservationNumber: reservation.reservationNumber, canceledBy: channel },
        auth.token,
      );
      setCanceledSlotId(reservation.slotId);
      onCanceled(reservation);
    } catch (err) {
      if (err instanceof FnError && err.status === 'UNAUTHENTICATED') auth.onUnauthenticated();
      setCancelError(cancelErrorMessage(err));
    } finally {
      running.current = false;
      setCanceling(false);
      my.refresh();
    }
  }

  return (
    <MyView
      displayName={auth.displayName}
      reservation={shown}
      family={my.family}
      loaded={auth.status === 'ready' && my.loaded}
      liveStatus={live.status}
      canceling={canceling}
      cancelError={cancelError}
      bookPath={paths.book}
      onCancel={cancel}
      snapshot={live.data}
      onNoticeThreshold={chooseNotice}
      checkIn={{ linkCode, onSubmit: checkIn, onDismiss: dropLink }}
    />
  );
}
