/**
 * The queue rules (docs/product.md, "Queue rules") as pure functions over plain slots. Server and client both use them,
 * so what staff see, what patients see and what the server decides can never disagree.
 */
import { PUBLIC_ROW_DEFAULTS } from './public-row.js';
import type { Slot, SlotFields } from './slot.js';

export type SlotStatus = 'canceled' | 'serving' | 'hold' | 'waiting';

/** Status as shown to staff: canceled, then serving, then hold, else waiting. */
export function slotStatus(slot: Pick<Slot, 'canceled' | 'isReceptionAccepted' | 'holdAt'>): SlotStatus {
  if (slot.canceled) return 'canceled';
  if (slot.isReceptionAccepted) return 'serving';
  if (slot.holdAt !== null) return 'hold';
  return 'waiting';
}

function canceledByChannel(slot: Pick<Slot, 'canceledLineAt' | 'canceledPwaAt'>): boolean {
  return slot.canceledLineAt !== null || slot.canceledPwaAt !== null;
}

const byNumber = (a: SlotFields, b: SlotFields) => a.reservationNumber - b.reservationNumber;

/**
 * Queue order (docs/api.md "Queue order"): by place in the queue, ties by number. A slot's place is its
 * number until an absence moves it back between two later rows, so without absences this is number order.
 */
export const byQueueOrder = (a: SlotFields, b: SlotFields) =>
  a.queuePosition - b.queuePosition || a.reservationNumber - b.reservationNumber;

/**
 * Waiting rank for the staff list: among reserved rows whose status is waiting and that the patient did
 * not cancel, in queue order, rank 1 is next. Rows that are not waiting get no rank.
 */
export function waitingRanks(slots: readonly SlotFields[]): Map<string, number> {
  const ranks = new Map<string, number>();
  let rank = 0;
  for (const slot of [...slots].sort(byQueueOrder)) {
    if (!slot.isReserved || canceledByChannel(slot) || slotStatus(slot) !== 'waiting') continue;
    ranks.set(slot.id, ++rank);
  }
  return ranks;
}

/** A row of the public queue: no owner, `ahead` null on held rows. */
export interface PublicQueueRow {
  slotId: string;
  reservationNumber: number;
  /** People ahead in the row's own queue (decision 061): the queues of one clinic are counted apart. */
  ahead: number | null;
  hold: boolean;
  /** The row's queue; absent for the first queue ('main'). */
  queueId?: string;
}

/** True for a slot that still stands in the queue (reserved, not cancelled, not yet started). */
export function isActive(slot: SlotFields): boolean {
  return slot.isReserved && !slot.canceled && !slot.isReceptionAccepted && !canceledByChannel(slot);
}

/**
 * The public queue: active rows in queue order, held rows moved after the others (in number order);
 * people-ahead counts only for non-held rows (0 for the first), within each row's own queue (decision 061).
 */
export function publicQueue(slots: readonly SlotFields[]): PublicQueueRow[] {
  const active = slots.filter(isActive).sort(byQueueOrder);
  const notHeld = active.filter((s) => !s.hold);
  const held = active.filter((s) => s.hold).sort(byNumber);
  const before = new Map<string | undefined, number>();
  const inQueue = (s: SlotFields) => (s.queueId === undefined ? {} : { queueId: s.queueId });
  return [
    ...notHeld.map((s) => {
      const ahead = before.get(s.queueId) ?? 0;
      before.set(s.queueId, ahead + 1);
      return { slotId: s.id, reservationNumber: s.reservationNumber, ahead, hold: false, ...inQueue(s) };
    }),
    ...held.map((s) => ({ slotId: s.id, reservationNumber: s.reservationNumber, ahead: null, hold: true, ...inQueue(s) })),
  ];
}

/** Number of people waiting: the non-held rows of the public queue (also the monitor's fallback). */
export function waitCount(queue: readonly Pick<PublicQueueRow, 'hold'>[]): number {
  return queue.filter((row) => !row.hold).length;
}

/** People waiting in one queue of several (decision 061); a row without a queue is the first queue's. */
export function waitCountIn(queue: readonly Pick<PublicQueueRow, 'hold' | 'queueId'>[], queueId: string): number {
  return waitCount(queue.filter((row) => (row.queueId ?? PUBLIC_ROW_DEFAULTS.queueId) === queueId));
}

/** Every active number of the patient, by number: one, or a family's (docs/decisions/053). */
export function ownReservations(slots: readonly Slot[], ownerId: string): Slot[] {
  return slots.filter((s) => isActive(s) && (s.lineId === ownerId || s.pwaId === ownerId)).sort(byNumber);
}
