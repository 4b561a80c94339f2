/** What the group page's statistics table shows, worked out apart from React: one row per figure, one value per clinic. */
import type { GroupKey } from '../../shared/labels/group.js';
import type { GroupClinicGlance } from '../../shared/schemas/group.js';
import type { StatsFigures } from '../../shared/schemas/stats.js';
import { gt } from './labels.js';

/** Seconds as minutes to one decimal (the statistics page's rounding); null stays null. */
const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);

const FIGURES: [GroupKey, (f: StatsFigures) => number | null][] = [
  ['group.stats.taken', (f) => f.taken.LINE + f.taken.PWA + f.taken.ADMIN],
  ['group.stats.started', (f) => f.started],
  ['group.stats.canceledByPatient', (f) => f.canceledByPatient],
  ['group.stats.canceledByStaff', (f) => f.canceledByStaff],
  ['group.stats.noShows', (f) => f.noShows],
  ['group.stats.waitMedian', (f) => minutes(f.wait.medianSeconds)],
  ['group.stats.waitP90', (f) => minutes(f.wait.p90Seconds)],
  // An answer from before the estimate was measured has none: shown as no value, not as 0.
  ['group.stats.estimateInside', (f) => f.estimate?.insidePercent ?? null],
];

const show = (v: number | null) => (v === null ? gt('group.stats.none') : Number.isInteger(v) ? String(v) : v.toFixed(1));

export interface StatsRow {
  label: string;
  /** One per clinic, in the clinics' order; a disabled clinic (no figures) shows none. */
  values: string[];
}

export function statsRows(clinics: readonly GroupClinicGlance[]): StatsRow[] {
  return FIGURES.map(([key, pick]) => ({
    label: gt(key),
    values: clinics.map((c) => show(c.stats ? pick(c.stats) : null)),
  }));
}

/** The days the figures cover, from the first clinic that has figures (every clinic answers the same period). */
export function statsRange(clinics: readonly GroupClinicGlance[]): { from: string; to: string } | null {
  const first = clinics.find((c) => c.stats);
  return first?.stats ? { from: first.stats.from, to: first.stats.to } : null;
}
