/**
 * Today's pace blended with history into the estimate the live queue carries. History speaks first thing
 * in a session; every start today moves the weight towards today (docs/decisions/020-estimated-wait.md).
 */
import type { WaitEstimate } from '../../../shared/estimate/range.js';
import type { HistoryPace, PaceStats } from './pace.js';

/** History counts as much as this many of today's intervals. */
export const HISTORY_WEIGHT = 12;
/** Without history, today's pace needs this many intervals before it is shown at all. */
export const MIN_SESSION_INTERVALS = 3;
/** The pace is never taken as surer than this (relative): clinics change pace within a day. */
export const MIN_PACE_ERROR = 0.05;
/** With one session of history, how far today may differ from it (relative). */
const SINGLE_DAY_DRIFT = 0.25;

export interface EstimateInput {
  today: PaceStats | null;
  history: HistoryPace | null;
  lastStartAt: string | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The estimate, or null when there is not enough to say anything honest yet. */
export function blendEstimate({ today, history, lastStartAt }: EstimateInput): WaitEstimate | null {
  const usableToday = today && (history || today.count >= MIN_SESSION_INTERVALS) ? today : null;
  if (!usableToday && !history) return null;
  const todayError = usableToday ? ((usableToday.spread / usableToday.mean)) / Math.sqrt(usableToday.count) : 0;
  const historyError = history ? Math.max(history.sessions > 1 ? history.dayToDay : SINGLE_DAY_DRIFT, 0.08) : 0;
  const w = !usableToday ? 0 : !history ? 1 : usableToday.count / (usableToday.count + HISTORY_WEIGHT);
  const pick = (a: number | undefined, b: number | undefined) => w * (a ?? 0) + (1 - w) * (b ?? 0);
  const paceError = Math.sqrt((w * todayError) ** 2 + ((1 - w) * historyError) ** 2);
  return {
    minutesPerPerson: round2(pick(usableToday?.mean, history?.median)),
    spreadMinutes: round2(pick(usableToday?.spread, history?.spread)),
    paceError: round2(Math.max(MIN_PACE_ERROR, paceError)),
    lastStartAt,
    basis: w === 1 ? 'session' : w === 0 ? 'history' : 'blend',
  };
}
