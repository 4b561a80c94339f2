/** A patient's own reservation with the people ahead of them, as the public queue counts them. */
import type { MyReservation } from '../../shared/schemas/functions.js';
import { ownReservation, publicQueue } from '../../shared/queue/rules.js';
import type { Slot } from '../../shared/queue/slot.js';
import type { QueueState } from './queue-state.js';
import { AHEAD_NOTICE_THRESHOLD } from '../../shared/queue/slot.js';

/** What the card shows of a slot, given its count of people ahead (null: held) and its notice threshold. */
export function reservationCard(
  slot: Pick<Slot, 'id' | 'reservationNumber' | 'hold' | 'notifiedAt'> & { reservedAt: string },
  ahead: number | null,
  noticeThreshold: number,
): MyReservation {
  return {
    slotId: slot.id,
    reservationNumber: slot.reservationNumber,
    reservedAt: slot.reservedAt,
    ahead,
    hold: slot.hold,
    noticeThreshold,
    noticeSentAt: slot.notifiedAt,
  };
}

export function myReservation(state: QueueState, ownerId: string): MyReservation | null {
  const slot = ownReservation(state.slots, ownerId);
  if (!slot || !slot.reservedAt) return null;
  const row = publicQueue(state.slots).find((r) => r.slotId === slot.id);
  return reservationCard({ ...slot, reservedAt: slot.reservedAt }, row?.ahead ?? null, state.noticeThresholds[slot.id] ?? AHEAD_NOTICE_THRESHOLD);
}
