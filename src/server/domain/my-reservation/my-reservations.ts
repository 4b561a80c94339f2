/**
 * A patient's own reservation with the people ahead of them, as the public queue counts them (queue order,
 * docs/api.md "Queue order"), with their last absence when called and their check-in.
 * No rule and no write: a read of the queue state the live streams read.
 */
import type { MyReservation } from '../../../shared/schemas/functions.js';
import { ownReservations, publicQueue } from '../../../shared/queue/rules.js';
import type { Slot } from '../../../shared/queue/slot.js';
import type { QueueState } from '../queue-state.js';
import { AHEAD_NOTICE_THRESHOLD } from '../../../shared/queue/slot.js';
import { standingAbsence } from '../absence/undo.js';

type CardFacts = Pick<
  Slot,
  'id' | 'reservationNumber' | 'queueId' | 'hold' | 'notifiedAt' | 'absences' | 'absentAt' | 'absentPlaces' | 'arrivedAt' | 'familyId' | 'memberName' | 'noticeMinutes' | 'movedFrom'
> & {
  reservedAt: string;
};

/** What the card shows of a slot, given its count of people ahead (null: held) and its notice threshold. */
export function reservationCard(slot: CardFacts, ahead: number | null, noticeThreshold: number): MyReservation {
  return {
    slotId: slot.id,
    reservationNumber: slot.reservationNumber,
    // Its queue (decision 061), left out for the first one as on the stream.
    ...(slot.queueId === undefined ? {} : { queueId: slot.queueId }),
    reservedAt: slot.reservedAt,
    ahead,
    hold: slot.hold,
    noticeThreshold,
    noticeSentAt: slot.notifiedAt,
    // The absence that stands, as it was: an undo clears it (docs/decisions/047).
    absence: standingAbsence(slot),
    arrivedAt: slot.arrivedAt,
    familyId: slot.familyId ?? null,
    memberName: slot.memberName ?? null,
    noticeMinutes: slot.noticeMinutes ?? null,
    ...(slot.movedFrom === undefined ? {} : { movedFrom: slot.movedFrom }),
  };
}

/**
 * The patient's active numbers in the current session, in queue order (held ones last), each as its card:
 * one without a family, a family's members together (decision 053). `reservation` is the first of them.
 */
export function myReservations(state: QueueState, ownerId: string): { reservation: MyReservation | null; family: MyReservation[] } {
  const queue = publicQueue(state.slots);
  const ahead = new Map(queue.map((r) => [r.slotId, r.ahead]));
  const order = new Map(queue.map((r, i) => [r.slotId, i]));
  const family = ownReservations(state.slots, ownerId)
    .flatMap((slot) => (slot.reservedAt ? [{ ...slot, reservedAt: slot.reservedAt }] : []))
    .sort((a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity) || a.reservationNumber - b.reservationNumber)
    .map((slot) => reservationCard(slot, ahead.get(slot.id) ?? null, state.noticeThresholds[slot.id] ?? AHEAD_NOTICE_THRESHOLD));
  return { reservation: family[0] ?? null, family };
}
