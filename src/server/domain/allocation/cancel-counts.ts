/**
 * Take-and-cancel on the staff list (issue 42, docs/decisions/060): how many of their numbers each listed
 * number's patient cancelled themselves in the session, the count the allocation's rule reads under the lock.
 * Built from the queue state's slots (the whole session: a session has fewer numbers than the list's limit),
 * keyed by slot id, so the staff stream carries no owner id (decision 004); never on the public stream.
 */
import type { Slot } from '../../../shared/queue/slot.js';

/** slotId → its patient's own cancellations in the session, for every listed number of a patient with one or more. */
export function patientCancellations(slots: readonly Slot[]): Record<string, number> {
  const byOwner = new Map<string, number>();
  for (const slot of slots) {
    const owner = slot.lineId ?? slot.pwaId;
    // A patient's cancel stamps its channel; a number staff deleted is not the patient's doing.
    if (owner && (slot.canceledLineAt || slot.canceledPwaAt)) byOwner.set(owner, (byOwner.get(owner) ?? 0) + 1);
  }
  const counts: Record<string, number> = {};
  if (byOwner.size === 0) return counts;
  for (const slot of slots) {
    const count = byOwner.get(slot.lineId ?? slot.pwaId ?? '');
    if (count) counts[slot.id] = count;
  }
  return counts;
}
