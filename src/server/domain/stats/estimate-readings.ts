/**
 * The readings taken in a period (wait_readings, decision 054) with what became of each patient, for the
 * estimate's figures (src/shared/stats/estimate-accuracy.ts). One range scan of the readings' time index,
 * each joined to its slot and session by primary key; no owner id is read.
 */
import type { Kysely } from 'kysely';
import type { ReadingOutcome } from '../../../shared/stats/estimate-accuracy.js';
import { MAIN_QUEUE } from '../../storage/queue-rows.js';
import type { Database } from '../../storage/schema.js';
import type { DayRange } from './periods.js';

interface Row {
  at: string;
  low_minutes: number;
  high_minutes: number;
  mean_minutes: number;
  slot_id: string | null;
  canceled: number | null;
  canceled_line_at: string | null;
  canceled_pwa_at: string | null;
  is_reception_accepted: number | null;
  reception_accepted_at: string | null;
  closed_at: string | null;
}

/** The slot's fate as the staff list names it: cancelled first, then started, then whether it can still start. */
export function outcomeOf(row: Row): ReadingOutcome['outcome'] {
  // A slot that is gone (no row) never started either.
  if (row.slot_id === null || row.canceled === 1 || row.canceled_line_at !== null || row.canceled_pwa_at !== null) return 'notStarted';
  if (row.is_reception_accepted === 1 && row.reception_accepted_at !== null) return { startedAt: row.reception_accepted_at };
  // Its session closed without a start (held and never came back): that turn never came.
  return row.closed_at !== null ? 'notStarted' : 'pending';
}

/** A reading belongs to its number's queue; one whose number is gone to the first queue (decision 065). */
export async function readingsIn(db: Kysely<Database>, range: DayRange, queueId?: string): Promise<ReadingOutcome[]> {
  let query = db
    .selectFrom('wait_readings as r')
    .leftJoin('reservation_slots as s', 's.id', 'r.slot_id')
    .leftJoin('reception_sessions as rs', 'rs.id', 'r.session_id')
    .select([
      'r.at', 'r.low_minutes', 'r.high_minutes', 'r.mean_minutes', 's.id as slot_id', 's.canceled', 's.canceled_line_at',
      's.canceled_pwa_at', 's.is_reception_accepted', 's.reception_accepted_at', 'rs.closed_at',
    ])
    .where('r.at', '>=', range.startIso)
    .where('r.at', '<', range.endIso);
  if (queueId !== undefined) query = query.where((eb) => eb(eb.fn.coalesce('s.queue_id', eb.val(MAIN_QUEUE)), '=', queueId));
  const rows: Row[] = await query.execute();
  return rows.map((row) => ({
    at: row.at,
    // PostgreSQL's `real` comes back as a number; the cast keeps SQLite and PostgreSQL alike if a driver sends text.
    lowMinutes: Number(row.low_minutes),
    highMinutes: Number(row.high_minutes),
    meanMinutes: Number(row.mean_minutes),
    outcome: outcomeOf(row),
  }));
}
