/**
 * What the staff screen does when the live snapshot changes, beyond drawing it: announce new online
 * reservations (once across every open staff screen) and make a patient's cancellation blink.
 */
import { useEffect, useRef, useState } from 'react';
import { slotStatus } from '../../../shared/queue/rules.js';
import type { PatientChannel, StaffSlot } from '../../../shared/queue/slot.js';
import { callFn } from '../../api/fn.js';
import { canceledByPatient, patientChannel } from './row-rules.js';

export const BLINK_MS = 5000;

export interface Announcement {
  slotId: string;
  reservationNumber: number;
  channel: PatientChannel;
}

/**
 * Claims the beep for every LINE/PWA reservation nobody has announced yet. The server lets exactly one
 * claim win, so with two desks open only one beeps and shows the modal; `onClaimed` runs only for a win.
 */
export function useNewReservationClaims(slots: readonly StaffSlot[] | undefined, onClaimed: (a: Announcement) => void) {
  const tried = useRef(new Set<string>());
  const latest = useRef(onClaimed);
  useEffect(() => {
    latest.current = onClaimed;
  });

  useEffect(() => {
    if (!slots) return;
    for (const slot of slots) {
      const channel = patientChannel(slot);
      const status = slotStatus(slot);
      if (!channel || slot.adminBeepAnnounced || tried.current.has(slot.id)) continue;
      // A reservation already started, deleted or cancelled needs nobody's attention any more.
      if (status === 'canceled' || status === 'serving') continue;
      tried.current.add(slot.id);
      callFn('claimAdminBeep', { slotId: slot.id })
        .then(({ claimed }) => {
          if (claimed) latest.current({ slotId: slot.id, reservationNumber: slot.reservationNumber, channel });
        })
        // Unreachable server: try again with the next snapshot (a lost claim is never announced).
        .catch(() => tried.current.delete(slot.id));
    }
  }, [slots]);
}

/** Ids of rows whose patient cancelled since the previous snapshot, each for BLINK_MS. */
export function useCancelBlink(slots: readonly StaffSlot[] | undefined): ReadonlySet<string> {
  const previous = useRef<Map<string, boolean> | null>(null);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const [blinking, setBlinking] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (!slots) return;
    const before = previous.current;
    previous.current = new Map(slots.map((s) => [s.id, canceledByPatient(s)]));
    // The first snapshot tells what is, not what just changed: nothing blinks on opening the screen.
    if (!before) return;
    const fresh = slots.filter((s) => canceledByPatient(s) && before.get(s.id) !== true).map((s) => s.id);
    if (fresh.length === 0) return;
    setBlinking((current) => new Set([...current, ...fresh]));
    for (const id of fresh) {
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          setBlinking((current) => {
            const next = new Set(current);
            next.delete(id);
            return next;
          });
        }, BLINK_MS),
      );
    }
  }, [slots]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return blinking;
}
