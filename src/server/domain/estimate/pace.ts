/**
 * The pace of a reception session as pure rules over consultation start times (is_reception_accepted /
 * reception_accepted_at): how many minutes pass between two starts, robust to the things a real clinic
 * does — a break, a phone call, a family seen together, a long case (docs/decisions/020-estimated-wait.md).
 */

/** A gap between two starts longer than this (and than PAUSE_FACTOR × the median) is a pause, not a pace. */
export const PAUSE_MIN_MINUTES = 15;
export const PAUSE_FACTOR = 3;
/** Today's pace follows the latest starts: the doctor speeds up when the room is full. */
export const RECENT_INTERVALS = 12;
/** A spread is never taken as smaller than this share of the pace: a few similar intervals prove little. */
export const MIN_SPREAD_SHARE = 0.3;
/** The scale that makes a median absolute deviation a standard deviation (for normal data). */
const MAD_SCALE = 1.4826;

export interface PaceStats {
  /** Mean minutes between starts, pauses left out. */
  mean: number;
  /** Standard deviation of one interval, in minutes. */
  spread: number;
  /** How many intervals it rests on. */
  count: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Minutes between consecutive starts, in start order, pauses dropped. A start undone (undoStart) has no
 * time any more and so no interval; a held patient is started later like anyone else.
 */
export function startIntervals(startTimes: readonly (string | number)[], pauseBound?: number): number[] {
  const times = startTimes.map((s) => (typeof s === 'number' ? s : Date.parse(s))).sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) gaps.push((times[i]! - times[i - 1]!) / 60_000);
  if (gaps.length === 0) return [];
  const bound = pauseBound ?? Math.max(PAUSE_MIN_MINUTES, PAUSE_FACTOR * median(gaps));
  return gaps.filter((g) => g <= bound);
}

/**
 * Pace and spread of the latest `RECENT_INTERVALS` intervals (pauses already dropped); null with none.
 * The mean, not the median: a wait is a sum of consultations, and long ones are part of it (consultation
 * times are skewed, so a median would promise waits about 15 % too short: bench/estimate.ts).
 */
export function paceOf(intervals: readonly number[], recent = RECENT_INTERVALS): PaceStats | null {
  const used = intervals.slice(-recent);
  if (used.length === 0) return null;
  const mean = used.reduce((a, b) => a + b, 0) / used.length;
  const variance = used.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, used.length - 1);
  return { mean, spread: Math.max(Math.sqrt(variance), MIN_SPREAD_SHARE * mean), count: used.length };
}

/**
 * A whole past session's pace for history. Its mean keeps the short pauses: over a whole session they are
 * part of how long the queue really took, and one of them no longer swings the average (only a real break,
 * longer than LONG_BREAK_MINUTES, is left out). Its spread leaves them out as today's does: a pause is a
 * cost every patient shares, not a doubt about each consultation.
 */
export const LONG_BREAK_MINUTES = 45;

export function sessionPace(startTimes: readonly (string | number)[]): PaceStats | null {
  const withPauses = paceOf(startIntervals(startTimes, LONG_BREAK_MINUTES), Infinity);
  const withoutPauses = paceOf(startIntervals(startTimes), Infinity);
  if (!withPauses || !withoutPauses) return null;
  return { mean: withPauses.mean, spread: withoutPauses.spread, count: withoutPauses.count };
}

/** The kind of a session for its history: its Tokyo weekday and whether it opened before noon. */
export interface SessionKind {
  weekday: number;
  period: 'morning' | 'afternoon';
}

export function sameKind(a: SessionKind, b: SessionKind): boolean {
  return a.weekday === b.weekday && a.period === b.period;
}

/**
 * What recent sessions of the same kind say: the median of their paces and spreads, and how much their
 * paces differ from day to day (relative), which bounds how sure history can make us.
 */
export interface HistoryPace {
  /** The median of the sessions' mean paces. */
  median: number;
  spread: number;
  /** Relative day-to-day variation of the sessions' paces (0.1 = ±10 %). */
  dayToDay: number;
  sessions: number;
}

/** Sessions with fewer intervals than this say too little about their day to count as history. */
export const MIN_HISTORY_INTERVALS = 5;

export function historyPace(sessions: readonly PaceStats[]): HistoryPace | null {
  const usable = sessions.filter((s) => s.count >= MIN_HISTORY_INTERVALS);
  if (usable.length === 0) return null;
  const mid = median(usable.map((s) => s.mean));
  const dayToDay = usable.length > 1 ? (MAD_SCALE * median(usable.map((s) => Math.abs(s.mean - mid)))) / mid : 0.25;
  return { median: mid, spread: median(usable.map((s) => s.spread)), dayToDay, sessions: usable.length };
}
