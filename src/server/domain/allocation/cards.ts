/**
 * The cards of the numbers a batch just took (decision 042), read once for the batch after its commit and
 * outside the lock. Only those rows are read, each with its count of people ahead counted by the database:
 * reading the whole queue for this (loadQueueState) cost an opening burst about a fifth of its throughput.
 * `ahead` counts what `publicQueue` counts (src/shared/queue/rules.ts): the active rows not held that stand
 * before this one in queue order. The allocate-card API test holds the two to the same answer.
 */
import type { MyReservation } from '../../../shared/schemas/functions.js';
import type { Store } from '../../storage/port.js';
import { isActive } from '../../../shared/queue/rules.js';
import { activeSlot, rowToSlot } from '../../storage/slot-row.js';
import { reservationCard } from '../my-reservation/my-reservations.js';

export async function readCards(store: Store, slotIds: readonly string[]): Promise<Map<string, MyReservation>> {
  if (slotIds.length === 0) return new Map();
  const rows = await store.db
    .selectFrom('reservation_slots as mine')
    .selectAll('mine')
    .select((eb) =>
      eb
        .selectFrom('reservation_slots')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('reservation_slots.session_id', '=', 'mine.session_id')
        // People ahead in its own queue (decision 061).
        .whereRef('reservation_slots.queue_id', '=', 'mine.queue_id')
        .where(activeSlot)
        .where('reservation_slots.hold', '=', 0)
        // Before it in queue order (`byQueueOrder`): an earlier place, or the same place and a lower number.
        .where((o) =>
          o.or([
            o('reservation_slots.queue_position', '<', o.ref('mine.queue_position')),
            o.and([
              o('reservation_slots.queue_position', '=', o.ref('mine.queue_position')),
              o('reservation_slots.reservation_number', '<', o.ref('mine.reservation_number')),
            ]),
          ]),
        )
        .as('ahead'),
    )
    .where('mine.id', 'in', slotIds)
    .execute();
  const cards = new Map<string, MyReservation>();
  for (const { ahead, ...row } of rows) {
    const slot = rowToSlot(row);
    // Cancelled or started in the moment since the commit: no card, as getMyReservation would answer.
    if (!isActive(slot) || !slot.reservedAt) continue;
    cards.set(slot.id, reservationCard({ ...slot, reservedAt: slot.reservedAt }, slot.hold ? null : Number(ahead), row.notice_threshold));
  }
  return cards;
}
