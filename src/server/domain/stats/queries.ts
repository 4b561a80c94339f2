/**
 * What the statistics read from the store: the slots taken in a range, and the notices finished in it, of
 * the whole clinic or of one queue (decision 065). No rule and no write: statistics are read (aggregate.ts
 * computes them; rollup.ts is the retention job's).
 */
import type { Kysely } from 'kysely';
import type { StatsPeriod, StatsResult } from '../../../shared/schemas/stats.js';
import type { Database } from '../../storage/schema.js';
import type { Store } from '../../storage/port.js';
import { aggregate, emptyNotices, type NoticeCounts, type StatsSlotRow } from './aggregate.js';
import { type DayRange, periodRange, previousPeriod } from './periods.js';
import { AppError } from '../../errors.js';
import { MAIN_QUEUE } from '../../storage/queue-rows.js';
import { estimateAccuracy } from '../../../shared/stats/estimate-accuracy.js';
import { readingsIn } from './estimate-readings.js';
import { ticketCounts } from '../ticket/daily.js';

/** One index range scan (slots_reserved_at); numbers never taken have no reserved_at and are not read. */
export function slotsTaken(db: Kysely<Database>, range: DayRange, queueId?: string): Promise<StatsSlotRow[]> {
  let query = db
    .selectFrom('reservation_slots')
    .select([
      'reserved_type', 'reserved_at', 'canceled', 'canceled_line_at', 'canceled_pwa_at', 'hold', 'is_reception_accepted',
      'reception_accepted_at', 'absences', 'arrived_at', 'arrived_by',
    ])
    .where('reserved_at', '>=', range.startIso)
    .where('reserved_at', '<', range.endIso)
    .where('is_reserved', '=', 1)
    .$narrowType<{ reserved_at: string }>();
  if (queueId !== undefined) query = query.where('queue_id', '=', queueId);
  return query.execute();
}

/**
 * Notices sent and failed: those still in the outbox (queued in the range) plus the daily counts the
 * retention job left for those it deleted. A notice is in exactly one of the two (rollup.ts moves it in one
 * transaction), so the sum counts each once. A notice belongs to its number's queue; one whose number is gone
 * to the first queue, as rollup.ts counts it, so the queues' figures always add up to the clinic's.
 */
export async function noticesFinished(db: Kysely<Database>, range: DayRange, queueId?: string): Promise<NoticeCounts> {
  const counts = emptyNotices();
  let live = db
    .selectFrom('outbox as o')
    .select(['o.channel', 'o.status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('o.created_at', '>=', range.startIso)
    .where('o.created_at', '<', range.endIso)
    .where('o.status', 'in', ['sent', 'failed'])
    .groupBy(['o.channel', 'o.status']);
  if (queueId !== undefined) {
    live = live
      .leftJoin('reservation_slots as s', 's.id', 'o.slot_id')
      .where((eb) => eb(eb.fn.coalesce('s.queue_id', eb.val(MAIN_QUEUE)), '=', queueId));
  }
  for (const row of await live.execute()) counts[row.channel][row.status === 'sent' ? 'sent' : 'failed'] += Number(row.n);
  let keptQuery = db
    .selectFrom('notice_daily')
    .select(['channel', 'sent', 'failed'])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to);
  if (queueId !== undefined) keptQuery = keptQuery.where('queue_id', '=', queueId);
  const kept = await keptQuery.execute();
  for (const row of kept) {
    counts[row.channel].sent += Number(row.sent);
    counts[row.channel].failed += Number(row.failed);
  }
  return counts;
}

export async function figuresFor(db: Kysely<Database>, range: DayRange, queueId?: string) {
  const [rows, notices, readings, tickets] = await Promise.all([
    slotsTaken(db, range, queueId),
    noticesFinished(db, range, queueId),
    readingsIn(db, range, queueId),
    ticketCounts(db, range, queueId),
  ]);
  // The estimate's figures go by when each reading was taken, not by when the number was.
  return { ...aggregate(range, rows, notices, tickets), estimate: estimateAccuracy(readings) };
}

/**
 * A queue the statistics may be asked for: any the clinic ever had, removed ones too (their history is
 * real). Anything else is NOT_FOUND error.unknownQueue, as everywhere a payload names a queue.
 */
export async function requireStatsQueue(db: Kysely<Database>, queueId: string): Promise<void> {
  const row = await db.selectFrom('queues').select('id').where('id', '=', queueId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'error.unknownQueue');
}

/** The period containing `date` and the one before it: the clinic's, or one queue's (echoed as queueId). */
export async function readStats(store: Store, period: StatsPeriod, date: string, queueId?: string): Promise<StatsResult> {
  if (queueId !== undefined) await requireStatsQueue(store.db, queueId);
  const [current, previous] = await Promise.all([
    figuresFor(store.db, periodRange(period, date), queueId),
    figuresFor(store.db, previousPeriod(period, date), queueId),
  ]);
  return queueId === undefined ? { period, current, previous } : { period, queueId, current, previous };
}
