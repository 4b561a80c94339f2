/** The main figures as rows [label, current, previous]: the screen's summary table and the CSV share them. */
import { ts, type StatsLabelKey } from '../labels/ja-stats.js';
import { NOTICE_CHANNELS, STATS_CHANNELS, type StatsFigures } from '../schemas/stats.js';

export type FigureValue = number | null;
export type FigureRow = [label: string, current: FigureValue, previous: FigureValue];

/** Seconds as minutes with one decimal (the wait figures). */
export const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);

export const totalTaken = (f: StatsFigures) => f.taken.LINE + f.taken.PWA + f.taken.ADMIN;

export function summaryRows(current: StatsFigures, previous: StatsFigures): FigureRow[] {
  const rows: FigureRow[] = [];
  const add = (label: string, pick: (f: StatsFigures) => FigureValue) => rows.push([label, pick(current), pick(previous)]);
  for (const c of STATS_CHANNELS) add(ts(`stats.taken.${c}` as StatsLabelKey), (f) => f.taken[c]);
  add(ts('stats.takenTotal'), totalTaken);
  add(ts('stats.canceledByPatient'), (f) => f.canceledByPatient);
  add(ts('stats.canceledByStaff'), (f) => f.canceledByStaff);
  add(ts('stats.holds'), (f) => f.holds);
  add(ts('stats.noShows'), (f) => f.noShows);
  add(ts('stats.started'), (f) => f.started);
  add(ts('stats.absences'), (f) => f.absences);
  add(ts('stats.checkIns.patient'), (f) => f.checkIns.patient);
  add(ts('stats.checkIns.staff'), (f) => f.checkIns.staff);
  add(ts('stats.waitMedian'), (f) => minutes(f.wait.medianSeconds));
  add(ts('stats.waitP90'), (f) => minutes(f.wait.p90Seconds));
  for (const c of NOTICE_CHANNELS) {
    add(ts(`stats.sent.${c}` as StatsLabelKey), (f) => f.notices[c].sent);
    add(ts(`stats.failed.${c}` as StatsLabelKey), (f) => f.notices[c].failed);
  }
  return rows;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Quarter-hour i of the day as hh:mm. */
export const quarterLabel = (i: number) => `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`;
