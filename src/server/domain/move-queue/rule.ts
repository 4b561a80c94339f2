/**
 * A staff move of a waiting patient to another queue (decision 061): the desk sends a patient with fever to
 * 発熱外来. The patient takes a number of the target queue and keeps their place by the time they took their
 * first number; the old number is cancelled by staff. Moving them back is the undo, like any move.
 */
import { AppError } from '../../errors.js';
import type { QueueTable, SlotTable } from '../../storage/schema.js';

type MovedSlot = Pick<SlotTable, 'queue_id' | 'canceled' | 'is_reception_accepted'>;

/** Throws the refusal of a move, in the order the desk can act on it; returns nothing when it may go ahead. */
export function refuseMove(slot: MovedSlot, target: Pick<QueueTable, 'id' | 'removed_at'> | undefined, freeNumbers: number): void {
  // Only a waiting patient moves: a started or cancelled number is history.
  if (slot.canceled || slot.is_reception_accepted) throw new AppError('FAILED_PRECONDITION', 'error.slotStateConflict');
  if (!target || target.removed_at !== null) throw new AppError('NOT_FOUND', 'error.unknownQueue');
  if (target.id === slot.queue_id) throw new AppError('FAILED_PRECONDITION', 'error.sameQueue');
  if (freeNumbers < 1) throw new AppError('RESOURCE_EXHAUSTED', 'error.noFreeNumbers');
}

type Waiting = Pick<SlotTable, 'reserved_at' | 'queue_position'>;

/**
 * The moved patient's place among the target queue's waiting rows (in queue order): midway between the
 * last row taken no later than them and the first taken later, so they stand where their first number's
 * time puts them; behind the last one (its place + 1) when nobody was taken later, and at its own number
(what a number's place is until an absence moves it) when nobody waits there. Midway, not "later − 0.5",
 * so two patients moved into the same gap still get two places.
 */
export function placeAmong(waiting: readonly Waiting[], reservedAt: string, ownNumber: number): number {
  const later = waiting.findIndex((row) => (row.reserved_at ?? '') > reservedAt);
  if (later === -1) return waiting.length === 0 ? ownNumber : waiting[waiting.length - 1]!.queue_position + 1;
  const next = waiting[later]!.queue_position;
  const previous = later === 0 ? next - 1 : waiting[later - 1]!.queue_position;
  return (previous + next) / 2;
}
