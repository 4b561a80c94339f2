/** The main figures as rows [label, current, previous]: the screen's summary table and the CSV share them. */
import { type LabelKey, t } from '../labels/ja.js';
import { NOTICE_CHANNELS, STATS_CHANNELS, type StatsFigures } from '../schemas/stats.js';

export type FigureValue = number | null;
export type FigureRow = [label: string, current: FigureValue, previous: FigureValue];

/** Seconds as minutes with one decimal (the wait figures). */
export const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);

export const totalTaken = (f: StatsFigures) => f.taken.LINE + f.taken.PWA + f.taken.ADMIN;

export function summaryRows(current: StatsFigures, previous: StatsFigures): FigureRow[] {
  const rows: FigureRow[] = [];
  const add = (label: string, pick: (f: StatsFigures) => FigureValue) => rows.push([label, pick(current), pick(previous)]);
  for (const c of STATS_CHANNELS) add(t(`stats.taken.${c}` as LabelKey), (f) => f.taken[c]);
  add(t('stats.takenTotal'), totalTaken);
  add(t('stats.canceledByPatient'), (f) => f.canceledByPatient);
  add(t('stats.canceledByStaff'), (f) => f.canceledByStaff);
  add(t('stats.holds'), (f) => f.holds);
  add(t('stats.noShows'), (f) => f.noShows);
  add(t('stats.started'), (f) => f.started);
  add(t('stats.waitMedian'), (f) => minutes(f.wait.medianSeconds));
  add(t('stats.waitP90'), (f) => minutes(f.wait.p90Seconds));
  for (const c of NOTICE_CHANNELS) {
    add(t(`stats.sent.${c}` as LabelKey), (f) => f.notices[c].sent);
    add(t(`stats.failed.${c}` as LabelKey), (f) => f.notices[c].failed);
  }
  return rows;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Quarter-hour i of the day as hh:mm. */
export const quarterLabel = (i: number) => `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`;
