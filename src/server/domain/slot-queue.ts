/**
 * A write about one number under its queue's lock, not the clinic's (decision 064): staff actions and a
 * patient's own changes touch their slot, its outbox rows and audit line, and the turn-is-near notices of
 * its own queue, never the runtime row, so two queues' desks never wait on each other.
 *
 * The slot's queue is read first, outside the lock; inside, it is read again. Only a clinic-wide write
 * (which excludes every queue's while it runs) could change it, so a difference means one ran in between:
 * the write is tried once more under the new queue's lock, and after a second change clinic-wide, which
 * nothing can race. A slot that is missing or whose queue was removed goes clinic-wide at once: the write
 * then refuses or acts exactly as before queues had locks of their own.
 */
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../errors.js';
import type { Store, WriteContext } from '../storage/port.js';
import type { Database } from '../storage/schema.js';

/** The slot's live queue, or null (no such slot, or its queue was removed). */
export async function liveQueueOfSlot(db: Kysely<Database> | Transaction<Database>, slotId: string): Promise<string | null> {
  const row = await db
    .selectFrom('reservation_slots')
    .innerJoin('queues', 'queues.id', 'reservation_slots.queue_id')
    .select(['reservation_slots.queue_id', 'queues.removed_at'])
    .where('reservation_slots.id', '=', slotId)
    .executeTakeFirst();
  return row && row.removed_at === null ? row.queue_id : null;
}

class QueueChanged extends Error {
  constructor(readonly queue: string | null) {
    super('the slot’s queue changed before its lock was taken');
  }
}

/** Runs `fn` in one write under the lock of `slotId`'s queue (clinic-wide when it has none, see above). */
export async function writeInSlotQueue<T>(store: Store, slotId: string, fn: (ctx: WriteContext) => Promise<T>): Promise<T> {
  let queue = await liveQueueOfSlot(store.db, slotId);
  for (let attempt = 0; attempt < 2 && queue !== null; attempt++) {
    const expected: string = queue;
    let entered = false;
    try {
      return await store.write(async (ctx) => {
        entered = true;
        const now = await liveQueueOfSlot(ctx.tx, slotId);
        if (now !== expected) throw new QueueChanged(now);
        return fn(ctx);
      }, { queue: expected });
    } catch (err) {
      if (err instanceof QueueChanged) queue = err.queue;
      // The queue was removed before its lock was taken (a clinic-wide write): its slot goes clinic-wide.
      else if (!entered && err instanceof AppError && err.messageKey === 'error.unknownQueue') queue = null;
      else throw err;
    }
  }
  return store.write(fn);
}
