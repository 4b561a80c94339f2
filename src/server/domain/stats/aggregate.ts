/**
 * The figures, computed in TypeScript from the slot rows of a period: the same code on both stores, so a
 * median is the same median on SQLite and PostgreSQL (neither shares a percentile function with the other).
 */
import type { StatsFigures } from '../../../shared/schemas/stats.js';

/** The columns the figures need: no owner id ever leaves the store for statistics. */
export interface StatsSlotRow {
  reserved_type: string | null;
  reserved_at: string;
  canceled: number;
  canceled_line_at: string | null;
  canceled_pwa_at: string | null;
  hold: number;
  is_reception_accepted: number;
  reception_accepted_at: string | null;
  /** Issue 34: times called and absent, and the check-in and who made it. */
  absences: number;
  arrived_at: string | null;
  arrived_by: string | null;
}

export type NoticeCounts = StatsFigures['notices'];

/** The median: the middle value, or the mean of the two middle values of an even count. */
export function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The nearest-rank percentile: the smallest value with at least p % of the values at or below it. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

const TOKYO_OFFSET_MS = 9 * 3600_000;
const DAY_MS = 24 * 3600_000;

/**
 * Minute of the Tokyo day and Tokyo weekday (0 Sunday) of an ISO instant, by arithmetic: a month is
 * thousands of rows, and a Date object per row was most of the time the figures took.
 */
export function tokyoMinuteAndWeekday(ms: number): [minute: number, weekday: number] {
  const local = ms + TOKYO_OFFSET_MS;
  const days = Math.floor(local / DAY_MS);
  // 1970-01-01 was a Thursday (4).
  return [Math.floor((local - days * DAY_MS) / 60_000), (((days + 4) % 7) + 7) % 7];
}

export function emptyNotices(): NoticeCounts {
  return { LINE: { sent: 0, failed: 0 }, PWA: { sent: 0, failed: 0 }, SMS: { sent: 0, failed: 0 } };
}

export function aggregate(
  range: { from: string; to: string },
  rows: Iterable<StatsSlotRow>,
  notices: NoticeCounts,
  tickets: StatsFigures['tickets'] = { printed: 0, opened: 0 },
): StatsFigures {
  const figures: StatsFigures = {
    from: range.from,
    to: range.to,
    taken: { LINE: 0, PWA: 0, ADMIN: 0 },
    canceledByPatient: 0,
    canceledByStaff: 0,
    holds: 0,
    noShows: 0,
    started: 0,
    absences: 0,
    checkIns: { patient: 0, staff: 0 },
    wait: { count: 0, medianSeconds: null, p90Seconds: null },
    quarterHours: { arrivals: new Array<number>(96).fill(0), starts: new Array<number>(96).fill(0) },
    weekdays: new Array<number>(7).fill(0),
    hours: new Array<number>(24).fill(0),
    notices,
    tickets,
  };
  const waits: number[] = [];
  for (const row of rows) {
    const channel = row.reserved_type === 'LINE' || row.reserved_type === 'PWA' ? row.reserved_type : 'ADMIN';
    figures.taken[channel]++;
    const takenMs = Date.parse(row.reserved_at);
    const [minute, weekday] = tokyoMinuteAndWeekday(takenMs);
    figures.quarterHours.arrivals[Math.floor(minute / 15)]++;
    figures.weekdays[weekday]++;
    figures.hours[Math.floor(minute / 60)]++;
    const byPatient = row.canceled_line_at !== null || row.canceled_pwa_at !== null;
    if (row.canceled && byPatient) figures.canceledByPatient++;
    else if (row.canceled) figures.canceledByStaff++;
    if (row.hold) figures.holds++;
    if (row.hold && !row.is_reception_accepted && !byPatient) figures.noShows++;
    figures.absences += row.absences;
    if (row.arrived_at) figures.checkIns[row.arrived_by === 'staff' ? 'staff' : 'patient']++;
    if (row.is_reception_accepted && row.reception_accepted_at) {
      figures.started++;
      const startMs = Date.parse(row.reception_accepted_at);
      figures.quarterHours.starts[Math.floor(tokyoMinuteAndWeekday(startMs)[0] / 15)]++;
      waits.push(Math.max(0, Math.round((startMs - takenMs) / 1000)));
    }
  }
  waits.sort((a, b) => a - b);
  figures.wait = { count: waits.length, medianSeconds: median(waits), p90Seconds: percentile(waits, 90) };
  return figures;
}
