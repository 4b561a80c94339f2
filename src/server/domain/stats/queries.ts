/**
 * What the statistics read from the store: the slots taken in a range, and the notices finished in it.
 * No rule and no write: statistics are read (aggregate.ts computes them; rollup.ts is the retention job's).
 */
import type { Kysely } from 'kysely';
import type { StatsPeriod, StatsResult } from '../../../shared/schemas/stats.js';
import type { Database } from '../../storage/schema.js';
import type { Store } from '../../storage/port.js';
import { aggregate, emptyNotices, type NoticeCounts, type StatsSlotRow } from './aggregate.js';
import { type DayRange, periodRange, previousPeriod } from './periods.js';
import { estimateAccuracy } from '../../../shared/stats/estimate-accuracy.js';
import { readingsIn } from './estimate-readings.js';

/** One index range scan (slots_reserved_at); numbers never taken have no reserved_at and are not read. */
export function slotsTaken(db: Kysely<Database>, range: DayRange): Promise<StatsSlotRow[]> {
  return db
    .selectFrom('reservation_slots')
    .select([
      'reserved_type', 'reserved_at', 'canceled', 'canceled_line_at', 'canceled_pwa_at', 'hold', 'is_reception_accepted',
      'reception_accepted_at', 'absences', 'arrived_at', 'arrived_by',
    ])
    .where('reserved_at', '>=', range.startIso)
    .where('reserved_at', '<', range.endIso)
    .where('is_reserved', '=', 1)
    .$narrowType<{ reserved_at: string }>()
    .execute();
}

/**
 * Notices sent and failed: those still in the outbox (queued in the range) plus the daily counts the
 * retention job left for those it deleted. A notice is in exactly one of the two (rollup.ts moves it in one
 * transaction), so the sum counts each once.
 */
export async function noticesFinished(db: Kysely<Database>, range: DayRange): Promise<NoticeCounts> {
  const counts = emptyNotices();
  const live = await db
    .selectFrom('outbox')
    .select(['channel', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('created_at', '>=', range.startIso)
    .where('created_at', '<', range.endIso)
    .where('status', 'in', ['sent', 'failed'])
    .groupBy(['channel', 'status'])
    .execute();
  for (const row of live) counts[row.channel][row.status === 'sent' ? 'sent' : 'failed'] += Number(row.n);
  const kept = await db
    .selectFrom('notice_daily')
    .select(['channel', 'sent', 'failed'])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .execute();
  for (const row of kept) {
    counts[row.channel].sent += Number(row.sent);
    counts[row.channel].failed += Number(row.failed);
  }
  return counts;
}

export async function figuresFor(db: Kysely<Database>, range: DayRange) {
  const [rows, notices, readings] = await Promise.all([slotsTaken(db, range), noticesFinished(db, range), readingsIn(db, range)]);
  // The estimate's figures go by when each reading was taken, not by when the number was.
  return { ...aggregate(range, rows, notices), estimate: estimateAccuracy(readings) };
}

/** The period containing `date` and the one before it. */
export async function readStats(store: Store, period: StatsPeriod, date: string): Promise<StatsResult> {
  const [current, previous] = await Promise.all([
    figuresFor(store.db, periodRange(period, date)),
    figuresFor(store.db, previousPeriod(period, date)),
  ]);
  return { period, current, previous };
}
