/**
 * A patient's own reservation with the people ahead of them, as the public queue counts them (queue order,
 * docs/api.md "Queue order"), with their last absence when called and their check-in.
 */
import type { MyReservation } from '../../shared/schemas/functions.js';
import { ownReservation, publicQueue } from '../../shared/queue/rules.js';
import type { QueueState } from './queue-state.js';
import { AHEAD_NOTICE_THRESHOLD } from '../../shared/queue/slot.js';

export function myReservation(state: QueueState, ownerId: string): MyReservation | null {
  const slot = ownReservation(state.slots, ownerId);
  if (!slot || !slot.reservedAt) return null;
  const row = publicQueue(state.slots).find((r) => r.slotId === slot.id);
  return {
    slotId: slot.id,
    reservationNumber: slot.reservationNumber,
    reservedAt: slot.reservedAt,
    ahead: row?.ahead ?? null,
    hold: slot.hold,
    noticeThreshold: state.noticeThresholds[slot.id] ?? AHEAD_NOTICE_THRESHOLD,
    noticeSentAt: slot.notifiedAt,
    // The absence that stands, as it was: an undo clears it (docs/decisions/047).
    absence: slot.absences > 0 && slot.absentAt ? { count: slot.absences, at: slot.absentAt, places: slot.absentPlaces } : null,
    arrivedAt: slot.arrivedAt,
  };
}
