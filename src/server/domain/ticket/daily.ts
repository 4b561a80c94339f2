/**
 * The printed ticket's daily counts (docs/decisions/073): tickets issued (reprints and the kiosk's included)
 * and ticket pages first opened, per Tokyo day and queue. Counted inside the write where each happens, not
 * read back from ticket_tokens later: the tokens are deleted after two days, the counts are kept as the
 * notices' are (notice_daily).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../storage/schema.js';
import { tokyoClock, type DayRange } from '../stats/periods.js';

export type TicketCount = 'printed' | 'opened';

/** Adds one to today's count of `what` for the number's queue; `now` is the write's instant. */
export async function countTicket(tx: Transaction<Database>, what: TicketCount, queueId: string, now: string): Promise<void> {
  const day = tokyoClock(now).day;
  await tx
    .insertInto('ticket_daily')
    .values({ day, queue_id: queueId, printed: what === 'printed' ? 1 : 0, opened: what === 'opened' ? 1 : 0 })
    .onConflict((oc) => oc.columns(['day', 'queue_id']).doUpdateSet((eb) => ({ [what]: eb(`ticket_daily.${what}`, '+', 1) })))
    .execute();
}

/** The counts over the range's days, of the whole clinic or of one queue. */
export async function ticketCounts(db: Kysely<Database>, range: DayRange, queueId?: string): Promise<{ printed: number; opened: number }> {
  let query = db
    .selectFrom('ticket_daily')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number | string>('printed'), eb.lit(0)).as('printed'), eb.fn.coalesce(eb.fn.sum<number | string>('opened'), eb.lit(0)).as('opened')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to);
  if (queueId !== undefined) query = query.where('queue_id', '=', queueId);
  const row = await query.executeTakeFirst();
  return { printed: Number(row?.printed ?? 0), opened: Number(row?.opened ?? 0) };
}
