/**
 * The product measuring its own wait estimate (issue 36, docs/decisions/054): from the readings of a period
 * (what waiting patients' cards showed) and what became of each patient, the share of waits inside the range
 * shown, the share of turns before its low end, and the median error of the expected time. Pure: the server
 * computes it for getStats and the CSV, the bench may judge a simulated clinic with the same code.
 */
import { statsLabels } from '../labels/stats.js';
import { label } from '../labels/text.js';
import type { EstimateAccuracy, StatsFigures } from '../schemas/stats.js';
import type { FigureRow } from './summary.js';

/** One reading and its patient's outcome. */
export interface ReadingOutcome {
  /** When the reading was taken (ISO). */
  at: string;
  lowMinutes: number;
  highMinutes: number;
  /** The model's expected wait at that moment. */
  meanMinutes: number;
  /**
   * When the turn came (the consultation started, ISO); 'notStarted' for a number cancelled, deleted or not
   * seen before its session closed; 'pending' while the patient still waits.
   */
  outcome: { startedAt: string } | 'notStarted' | 'pending';
}

const MINUTE_MS = 60_000;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole === 0 ? null : oneDecimal((100 * part) / whole));

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function estimateAccuracy(readings: Iterable<ReadingOutcome>): EstimateAccuracy {
  let inside = 0;
  let early = 0;
  let notStarted = 0;
  let pending = 0;
  const errors: number[] = [];
  for (const r of readings) {
    if (r.outcome === 'notStarted') notStarted++;
    else if (r.outcome === 'pending') pending++;
    else {
      const actual = (Date.parse(r.outcome.startedAt) - Date.parse(r.at)) / MINUTE_MS;
      if (actual < r.lowMinutes) early++;
      else if (actual <= r.highMinutes) inside++;
      errors.push(Math.abs(actual - r.meanMinutes));
    }
  }
  errors.sort((a, b) => a - b);
  const measured = errors.length;
  const error = median(errors);
  return {
    measured,
    inside,
    early,
    insidePercent: percent(inside, measured),
    earlyPercent: percent(early, measured),
    medianErrorMinutes: error === null ? null : oneDecimal(error),
    notStarted,
    pending,
  };
}

/** The section's rows [label, current, previous]: the screen's table and the statistics CSV share them. */
export function estimateRows(current: StatsFigures, previous: StatsFigures): FigureRow[] {
  const rows: FigureRow[] = [];
  const add = (label: string, pick: (e: EstimateAccuracy) => number | null) =>
    rows.push([label, current.estimate ? pick(current.estimate) : null, previous.estimate ? pick(previous.estimate) : null]);
  add(label(statsLabels, 'ja', 'stats.estimate.insidePercent'), (e) => e.insidePercent);
  add(label(statsLabels, 'ja', 'stats.estimate.earlyPercent'), (e) => e.earlyPercent);
  add(label(statsLabels, 'ja', 'stats.estimate.medianError'), (e) => e.medianErrorMinutes);
  add(label(statsLabels, 'ja', 'stats.estimate.measured'), (e) => e.measured);
  add(label(statsLabels, 'ja', 'stats.estimate.inside'), (e) => e.inside);
  add(label(statsLabels, 'ja', 'stats.estimate.early'), (e) => e.early);
  add(label(statsLabels, 'ja', 'stats.estimate.notStarted'), (e) => e.notStarted);
  add(label(statsLabels, 'ja', 'stats.estimate.pending'), (e) => e.pending);
  return rows;
}

/** True when either period has any reading at all: the screen says so plainly otherwise. */
export const hasReadings = (current: StatsFigures, previous: StatsFigures) =>
  [current, previous].some((f) => f.estimate && f.estimate.measured + f.estimate.notStarted + f.estimate.pending > 0);
