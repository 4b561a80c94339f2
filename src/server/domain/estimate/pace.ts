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
  /** Median minutes between starts. */
  median: number;
  /** Robust standard deviation of one interval, in minutes. */
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
export function startIntervals(startTimes: readonly (string | number)[]): number[] {
  const times = startTimes.map((s) => (typeof s === 'number' ? s : Date.parse(s))).sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) gaps.push((times[i]! - times[i - 1]!) / 60_000);
  if (gaps.length === 0) return [];
  const bound = Math.max(PAUSE_MIN_MINUTES, PAUSE_FACTOR * median(gaps));
  return gaps.filter((g) => g <= bound);
}

/** Median and robust spread of the latest `RECENT_INTERVALS` intervals; null with none. */
export function paceOf(intervals: readonly number[], recent = RECENT_INTERVALS): PaceStats | null {
  const used = intervals.slice(-recent);
  if (used.length === 0) return null;
  const mid = median(used);
  const mad = median(used.map((v) => Math.abs(v - mid)));
  return { median: mid, spread: Math.max(MAD_SCALE * mad, MIN_SPREAD_SHARE * mid), count: used.length };
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
  const mid = median(usable.map((s) => s.median));
  const dayToDay = usable.length > 1 ? (MAD_SCALE * median(usable.map((s) => Math.abs(s.median - mid)))) / mid : 0.25;
  return { median: mid, spread: median(usable.map((s) => s.spread)), dayToDay, sessions: usable.length };
}
