/**
 * The apply step of rule.ts: reads the queue as the live streams do, asks the same live estimator, and
 * inserts the tick's rows in ONE statement that skips rows already there. Several server processes record
 * the same tick at the same instant; the primary key (slot_id, tick) keeps each reading once, without the
 * writers' lock: a reading is no queue change, so it takes no lock, bumps no version and wakes no stream.
 */
import type { Kysely } from 'kysely';
import type { Store } from '../../storage/port.js';
import type { Database, WaitReadingTable } from '../../storage/schema.js';
import type { LiveEstimator } from '../estimate/live-estimate.js';
import { loadQueueState } from '../queue-state.js';
import { readingsFor } from './rule.js';

/** Inserts the rows, skipping any (slot, tick) already recorded; returns how many were new. */
export async function insertReadings(db: Kysely<Database>, rows: readonly WaitReadingTable[]): Promise<number> {
  if (rows.length === 0) return 0;
  // At most the live list's 500 rows × 9 values: within both dialects' bound-parameter limits.
  const result = await db
    .insertInto('wait_readings')
    .values([...rows])
    .onConflict((oc) => oc.columns(['slot_id', 'tick']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export interface TickOutcome {
  /** In-house reception was on with a session: the recorder keeps its 5-minute timer. */
  open: boolean;
  /** Rows this call added (0 when another process was first, or nobody waits with an estimate). */
  recorded: number;
}

/** Records one tick at `now`. Closed reception costs one read of the runtime row and nothing else. */
export async function recordTick({ store, estimator, now, tick }: { store: Store; estimator: LiveEstimator; now: Date; tick: number }): Promise<TickOutcome> {
  const runtime = await store.db.selectFrom('runtime').select(['inhouse_on', 'current_session_id']).where('id', '=', 1).executeTakeFirstOrThrow();
  if (runtime.inhouse_on !== 1 || runtime.current_session_id === null) return { open: false, recorded: 0 };
  const state = await loadQueueState(store, now);
  // The estimate the public stream carries (live/hub.ts builds it with the same estimator).
  const { estimate } = await estimator(state);
  // Several queues (decision 061): every other queue's own estimate, as its screens show it.
  const others = state.queues.slice(1);
  const queueEstimates = new Map(await Promise.all(others.map(async (q) => [q.id, (await estimator(state, q.id)).estimate] as const)));
  const rows = readingsFor({
    sessionId: state.sessionId,
    inhouseOn: state.runtime.inhouseOn,
    slots: state.slots,
    estimate,
    queueEstimates,
    now,
    tick,
  });
  return { open: state.runtime.inhouseOn, recorded: await insertReadings(store.db, rows) };
}
