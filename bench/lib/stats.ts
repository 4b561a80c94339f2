/** Small statistics and formatting helpers: medians over repetitions, nearest-rank percentiles. */

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100): with few values p99 is the maximum, never an interpolation. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
export const mb = (value: number) => `${value.toFixed(1)} MB`;
export const ratio = (value: number) => `${value.toFixed(2)}×`;
export const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
export const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`;

/** One line of the results table: what was measured, against what, and whether the target was met. */
export interface Row {
  scenario: string;
  metric: string;
  product: string;
  floor: string;
  ratio: string;
  target: string;
  met: boolean | null;
  note?: string;
}

export function printRows(rows: Row[]): void {
  for (const r of rows) {
    const verdict = r.met === null ? 'n/a' : r.met ? 'MET' : 'MISSED';
    console.log(`  [${verdict}] ${r.scenario} · ${r.metric}: ${r.product} vs ${r.floor} → ${r.ratio} (target ${r.target})${r.note ? ` — ${r.note}` : ''}`);
  }
}

/** The mean of the values left when `fraction` of them is set aside at each end (a shared machine's odd outlier). */
export function trimmedMean(values: number[], fraction: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length * fraction);
  const kept = sorted.slice(cut, sorted.length - cut);
  return kept.reduce((sum, x) => sum + x, 0) / kept.length;
}

/**
 * A 90 % bootstrap interval of stat(after) / stat(before) − 1: each side's units (processes, with all
 * their samples) resampled with replacement, 2,000 times, from a fixed seed (the same samples give the
 * same interval). It says how far the figure could move with other samples of the same noise: a change
 * whose interval straddles a target has not been shown on either side of it.
 */
export function changeInterval<T>(before: T[], after: T[], stat: (units: T[]) => number, rounds = 2000): [number, number] {
  let seed = 0x2545f491;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const resample = (units: T[]) => units.map(() => units[Math.floor(random() * units.length)]);
  const changes: number[] = [];
  for (let i = 0; i < rounds; i++) changes.push(stat(resample(after)) / stat(resample(before)) - 1);
  changes.sort((a, b) => a - b);
  return [changes[Math.floor(rounds * 0.05)], changes[Math.ceil(rounds * 0.95) - 1]];
}
