/** The main figures as rows [label, current, previous]: the screen's summary table and the CSV share them. */
import { statsLabels, type StatsKey } from '../labels/stats.js';
import { label } from '../labels/text.js';
import { NOTICE_CHANNELS, STATS_CHANNELS, type StatsFigures } from '../schemas/stats.js';

export type FigureValue = number | null;
export type FigureRow = [label: string, current: FigureValue, previous: FigureValue];

/** Seconds as minutes with one decimal (the wait figures). */
export const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);

export const totalTaken = (f: StatsFigures) => f.taken.LINE + f.taken.PWA + f.taken.ADMIN;

export function summaryRows(current: StatsFigures, previous: StatsFigures): FigureRow[] {
  const rows: FigureRow[] = [];
  const add = (label: string, pick: (f: StatsFigures) => FigureValue) => rows.push([label, pick(current), pick(previous)]);
  for (const c of STATS_CHANNELS) add(label(statsLabels, 'ja', `stats.taken.${c}` as StatsKey), (f) => f.taken[c]);
  add(label(statsLabels, 'ja', 'stats.takenTotal'), totalTaken);
  add(label(statsLabels, 'ja', 'stats.canceledByPatient'), (f) => f.canceledByPatient);
  add(label(statsLabels, 'ja', 'stats.canceledByStaff'), (f) => f.canceledByStaff);
  add(label(statsLabels, 'ja', 'stats.holds'), (f) => f.holds);
  add(label(statsLabels, 'ja', 'stats.noShows'), (f) => f.noShows);
  add(label(statsLabels, 'ja', 'stats.started'), (f) => f.started);
  add(label(statsLabels, 'ja', 'stats.absences'), (f) => f.absences);
  add(label(statsLabels, 'ja', 'stats.checkIns.patient'), (f) => f.checkIns.patient);
  add(label(statsLabels, 'ja', 'stats.checkIns.staff'), (f) => f.checkIns.staff);
  add(label(statsLabels, 'ja', 'stats.waitMedian'), (f) => minutes(f.wait.medianSeconds));
  add(label(statsLabels, 'ja', 'stats.waitP90'), (f) => minutes(f.wait.p90Seconds));
  for (const c of NOTICE_CHANNELS) {
    add(label(statsLabels, 'ja', `stats.sent.${c}` as StatsKey), (f) => f.notices[c].sent);
    add(label(statsLabels, 'ja', `stats.failed.${c}` as StatsKey), (f) => f.notices[c].failed);
  }
  add(label(statsLabels, 'ja', 'stats.ticketsPrinted'), (f) => f.tickets.printed);
  add(label(statsLabels, 'ja', 'stats.ticketsOpened'), (f) => f.tickets.opened);
  return rows;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Quarter-hour i of the day as hh:mm. */
export const quarterLabel = (i: number) => `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`;
