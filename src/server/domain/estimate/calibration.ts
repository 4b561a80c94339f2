/**
 * The range's calibration on the clinic's own days (issue 36, docs/decisions/054): what waiting patients
 * of the last closed sessions were shown (wait_readings, written by the recorder) joined with when their
 * consultation then started (the slot's reception_accepted_at), turned into a RangeCalibration by the
 * shared pure rule `calibrate`. Read once per process when a session opens, as the history is (history.ts):
 * readings only gain outcomes while their session runs, so the calibration of the sessions before the
 * current one cannot change until the next one opens, and the live snapshot, rebuilt after every change,
 * must cost no query.
 */
import { CALIBRATION_SESSIONS, type CalibrationSample, calibrate, type RangeCalibration } from '../../../shared/estimate/calibration.js';
import type { Store } from '../../storage/port.js';
import { MAIN_QUEUE } from '../../storage/queue-rows.js';

const MINUTE_MS = 60_000;

/** A reading with the start that followed it, as read from the store. */
export interface ReadingOutcome {
  session_id: string;
  at: string;
  ahead: number;
  mean_minutes: number;
  sd_minutes: number;
  reception_accepted_at: string | null;
}

/**
 * The calibration's input from readings and their outcomes, pure. `sessions` lists the sessions oldest
 * first; readings of others, readings whose patient was never started, and readings taken after the start
 * (a start taken back and made again later keeps only its last time) say nothing and are left out.
 */
export function samplesFrom(rows: readonly ReadingOutcome[], sessions: readonly string[]): CalibrationSample[] {
  const rank = new Map(sessions.map((id, i) => [id, i]));
  const samples: (CalibrationSample & { order: number; at: number })[] = [];
  for (const row of rows) {
    const order = rank.get(row.session_id);
    if (order === undefined || row.reception_accepted_at === null) continue;
    const at = Date.parse(row.at);
    const actualMinutes = (Date.parse(row.reception_accepted_at) - at) / MINUTE_MS;
    if (!(actualMinutes >= 0)) continue;
    samples.push({ session: row.session_id, ahead: row.ahead, mean: row.mean_minutes, sd: row.sd_minutes, actualMinutes, order, at });
  }
  samples.sort((a, b) => a.order - b.order || a.at - b.at);
  return samples.map(({ session, ahead, mean, sd, actualMinutes }) => ({ session, ahead, mean, sd, actualMinutes }));
}

/**
 * Reads the calibration for the session `sessionId`: the last CALIBRATION_SESSIONS closed sessions opened
 * before it that have readings (a session before the recorder existed, or opened by mistake, holds none and
 * does not take a place), and their readings with outcomes. Null when there is too little history.
 */
export async function readCalibration(store: Store, sessionId: string, queueId: string = MAIN_QUEUE): Promise<RangeCalibration | null> {
  const samples = await store.read(async (tx) => {
    const current = await tx.selectFrom('reception_sessions').select('opened_at').where('id', '=', sessionId).executeTakeFirst();
    if (!current) return [];
    const recent = await tx
      .selectFrom('reception_sessions as s')
      .select(['s.id'])
      .where('s.opened_at', '<', current.opened_at)
      .where('s.closed_at', 'is not', null)
      .where(({ exists, selectFrom }) => exists(selectFrom('wait_readings as r').select('r.slot_id').whereRef('r.session_id', '=', 's.id')))
      .orderBy('s.opened_at', 'desc')
      .limit(CALIBRATION_SESSIONS)
      .execute();
    if (recent.length === 0) return [];
    const ids = recent.map((s) => s.id);
    const rows = await tx
      .selectFrom('wait_readings as r')
      .innerJoin('reservation_slots as sl', 'sl.id', 'r.slot_id')
      .select(['r.session_id', 'r.at', 'r.ahead', 'r.mean_minutes', 'r.sd_minutes', 'sl.reception_accepted_at'])
      .where('r.session_id', 'in', ids)
      // Each queue calibrates its range on its own readings (decision 061).
      .where('sl.queue_id', '=', queueId)
      .where('sl.is_reception_accepted', '=', 1)
      .where('sl.canceled', '=', 0)
      .execute();
    return samplesFrom(rows, ids.reverse());
  });
  return calibrate(samples);
}

/** One process's calibration, read afresh when the current session changes (a session closed, another opened). */
export function createCalibrationCache(store: Store) {
  const queues = new Map<string, (sessionId: string) => Promise<RangeCalibration | null>>();
  return (sessionId: string, queueId: string = MAIN_QUEUE): Promise<RangeCalibration | null> => {
    let cache = queues.get(queueId);
    if (!cache) queues.set(queueId, (cache = queueCalibrationCache(store, queueId)));
    return cache(sessionId);
  };
}

function queueCalibrationCache(store: Store, queueId: string) {
  let cached: { sessionId: string; calibration: Promise<RangeCalibration | null> } | null = null;
  return (sessionId: string): Promise<RangeCalibration | null> => {
    if (cached?.sessionId !== sessionId) {
      const calibration = readCalibration(store, sessionId, queueId);
      cached = { sessionId, calibration };
      // A failed read (store away) is tried again on the next snapshot instead of being kept.
      calibration.catch(() => {
        if (cached?.calibration === calibration) cached = null;
      });
    }
    return cached.calibration;
  };
}
