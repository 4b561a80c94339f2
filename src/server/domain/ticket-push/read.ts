/** Reads of the ticket page's push subscriptions (decision 073): a number's endpoints, and which numbers have any. */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';

export async function ticketPushEndpoints(db: Kysely<Database>, slotId: string): Promise<string[]> {
  const rows = await db.selectFrom('ticket_push').select('endpoint').where('slot_id', '=', slotId).orderBy('endpoint').execute();
  return rows.map((r) => r.endpoint);
}

/** Of `slotIds` (desk numbers near their turn), those a ticket page subscribed for; no statement for none. */
export async function slotsWithTicketPush(db: Kysely<Database>, slotIds: readonly string[]): Promise<Set<string>> {
  if (slotIds.length === 0) return new Set();
  const rows = await db.selectFrom('ticket_push').select('slot_id').distinct().where('slot_id', 'in', slotIds).execute();
  return new Set(rows.map((r) => r.slot_id));
}
