/** The slot a staff action is about, which must belong to the reception session that is open now. */
import { AppError } from '../errors.js';
import type { Kysely } from 'kysely';
import type { Database, RuntimeTable, SlotTable } from '../storage/schema.js';

/**
 * A closed session is history: undoing a start or a delete there would reopen a reservation nobody can
 * serve, and that patient would then count as booked. So its slots are refused, and so is every slot
 * once in-house reception has ended (the session id stays on the runtime row until the next start).
 */
export async function slotOfOpenSession(
  // A write's context, or a plain read (the network printer's ticket is judged before its write, decision 074).
  { tx, runtime }: { tx: Kysely<Database>; runtime: Pick<RuntimeTable, 'inhouse_on' | 'current_session_id'> },
  slotId: string,
): Promise<SlotTable> {
  const slot = await tx
    .selectFrom('reservation_slots')
    .selectAll()
    .where('id', '=', slotId)
    .where('is_reserved', '=', 1)
    .executeTakeFirst();
  if (!slot) throw new AppError('NOT_FOUND', 'error.slotNotFound');
  if (!runtime.inhouse_on || slot.session_id !== runtime.current_session_id) {
    throw new AppError('FAILED_PRECONDITION', 'admin.sessionClosed');
  }
  return slot;
}
