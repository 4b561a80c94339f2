/**
 * What the product keeps of what waiting patients were shown (issue 36, docs/decisions/054): every 5 minutes
 * (a "tick"), one row per waiting, not held patient while the live estimate exists. The row holds exactly
 * what that patient's card showed at that moment: people ahead as the public stream counts them
 * (`publicQueue`), and the range from the same `waitRange` every screen uses, so a calibrated range (the
 * estimate's `calibration`) is recorded as shown. Pure: tested without a store (rule.test.ts).
 */
import { waitMoments, waitRange, type WaitEstimate } from '../../../shared/estimate/range.js';
import { publicQueue } from '../../../shared/queue/rules.js';
import type { SlotFields } from '../../../shared/queue/slot.js';
import type { WaitReadingTable } from '../../storage/schema.js';

/** A reading every 5 minutes: often enough to follow a wait, few enough rows (a session: a few hundred). */
export const TICK_MS = 5 * 60_000;

/** The tick of an instant: floor(epoch ms / 5 min), the same in every process. */
export const tickOf = (ms: number): number => Math.floor(ms / TICK_MS);

export interface ReadingFacts {
  /** The current reception session; null before the first. */
  sessionId: string | null;
  /** In-house reception on: the only time anyone waits with an estimate (the live estimator's rule too). */
  inhouseOn: boolean;
  /** The session's reserved slots, as the live streams read them. */
  slots: readonly SlotFields[];
  /** The live estimate the public stream carries now; null when there is none yet. */
  estimate: WaitEstimate | null;
  /**
   * A clinic with several queues (decision 061): each other queue's own estimate, by id; a row of a queue
   * not here has no reading. Absent: every row is the first queue's.
   */
  queueEstimates?: ReadonlyMap<string, WaitEstimate | null>;
  now: Date;
  tick: number;
}

/**
 * Minutes to 0.01 (under a second): finer says nothing, and PostgreSQL keeps `real` in single precision, so
 * both stores then give back the same numbers.
 */
const hundredths = (minutes: number) => Math.round(minutes * 100) / 100;

/** The rows to record for this tick: none when reception is closed or there is no estimate; never for held rows. */
export function readingsFor({ sessionId, inhouseOn, slots, estimate: first, queueEstimates, now, tick }: ReadingFacts): WaitReadingTable[] {
  if (sessionId === null || !inhouseOn) return [];
  const at = now.toISOString();
  const rows: WaitReadingTable[] = [];
  for (const { slotId, ahead, queueId } of publicQueue(slots)) {
    // Held rows have no `ahead` and show no range: there is nothing they were told to measure.
    if (ahead === null) continue;
    // Each row measured against what its own queue's screens showed (decision 061).
    const estimate = queueId === undefined ? first : (queueEstimates?.get(queueId) ?? null);
    if (estimate === null) continue;
    const range = waitRange(estimate, ahead, now);
    if (range === null) continue;
    const { mean, sd } = waitMoments(estimate, ahead, now);
    rows.push({
      slot_id: slotId,
      tick,
      session_id: sessionId,
      at,
      ahead,
      mean_minutes: hundredths(mean),
      sd_minutes: hundredths(sd),
      low_minutes: range.lowMinutes,
      high_minutes: range.highMinutes,
    });
  }
  return rows;
}
