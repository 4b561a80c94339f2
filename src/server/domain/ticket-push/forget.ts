/**
 * A ticket page's push subscriptions end with what they serve (decision 073): deleted inside the write
 * that revokes the ticket (a reprint), gives the number up, or ends the reservation (mark-slot, the
 * reception switches), so no notice goes to a number that is over. Retention takes any left behind.
 */
import type { Transaction } from 'kysely';
import type { WriteContext } from '../../storage/port.js';
import type { Database } from '../../storage/schema.js';

export async function forgetTicketPush(tx: Transaction<Database>, slotIds: readonly string[]): Promise<void> {
  if (slotIds.length > 0) await tx.deleteFrom('ticket_push').where('slot_id', 'in', slotIds).execute();
}

/** Every subscription of a number served, cancelled or deleted, or of a session no longer open. */
export async function forgetEndedTicketPush({ tx, runtime }: Pick<WriteContext, 'tx' | 'runtime'>, sessionOver = false): Promise<void> {
  if (sessionOver || !runtime.current_session_id) {
    await tx.deleteFrom('ticket_push').execute();
    return;
  }
  const session = runtime.current_session_id;
  await tx
    .deleteFrom('ticket_push')
    .where('slot_id', 'in', (eb) =>
      eb
        .selectFrom('reservation_slots')
        .select('id')
        .where('id', 'in', eb.selectFrom('ticket_push').select('slot_id'))
        .where((w) => w.or([w('canceled', '=', 1), w('is_reception_accepted', '=', 1), w('session_id', '!=', session)])),
    )
    .execute();
}
