/**
 * Why a thin queue's range is wide at 10 ahead (issue 43's consultation queue, bench/estimate-queues.ts:
 * ~10 min and ~21 patients a session, 1.38× the oracle's width on seed 4302 where the other seeds and the
 * family stay under 1.25×). Not a scenario of `npm run bench`: a measurement to run by hand,
 *
 *   node --import tsx bench/estimate-thin.ts [queue index, default 1] [seed, default 4302]
 *
 * It replays the queue as the two-queue scenario does (the same `replay`, the product's rules) and prints:
 * for each session with readings at 10 ahead, the calibration band that served them, how many readings
 * that band rested on and its edges; how the normalised error's spread changes with the queue position;
 * the best any calibration of these readings could do (edges chosen on the very readings they are judged
 * on, with the same ranks: an oracle bound, not a rule); and the width when more sessions are kept.
 */
import { bandFor, type CalibrationSample, calibrate } from '../src/shared/estimate/calibration.js';
import { roundDown, roundUp, ROUND_MINUTES } from '../src/shared/estimate/rounding.js';
import { replay, type Reading, TARGET_WIDTH_RATIO, WEEKS } from './estimate.js';
import { oracleFloors } from './estimate-oracle.js';
import { QUEUES } from './estimate-queues.js';
import { simulateWeeks } from './estimate-sim.js';
import { median, pct } from './lib/stats.js';

const AT = 10;
const queueIndex = Number(process.argv[2] ?? 1);
const seed = Number(process.argv[3] ?? 4302);
const queue = QUEUES[queueIndex]!;
const sessions = simulateWeeks(seed, WEEKS, queue.clinic);
const oracle = oracleFloors(sessions, AT, 5, queue.clinic).find((o) => o.kind === 'distribution')!.shortest;
const fmt = (n: number) => n.toFixed(3);

console.log(`${queue.name}, seed ${seed}: oracle's shortest 80 % window at ${AT} ahead ${oracle.toFixed(2)} min (target ≤ ${(TARGET_WIDTH_RATIO * oracle).toFixed(2)})`);

// 1. Which band serves 10 ahead, on how many readings, with which edges, session by session.
const bands: string[] = [];
const pooled: CalibrationSample[] = [];
// Every session's readings, as the product records them (a replay keeping them all).
const every: CalibrationSample[] = [];
replay(sessions, { rule: 'own', sessions: sessions.length, observe: (i, _c, pool) => i === sessions.length - 1 && every.push(...pool) });
const { readings } = replay(sessions, {
  rule: 'own',
  observe: (i, calibration, pool) => {
    if (i === sessions.length - 1) pooled.push(...pool);
    if (!calibration) return bands.push('');
    const band = bandFor(calibration, AT)!;
    const at = calibration.bands.indexOf(band);
    const from = at === 0 ? 0 : calibration.bands[at - 1]!.maxAhead + 1;
    const last = at === calibration.bands.length - 1;
    const n = pool.filter((s) => s.ahead >= from && (last || s.ahead <= band.maxAhead)).length;
    bands.push(`band ${from}–${last ? '' : band.maxAhead} of ${calibration.bands.length}: ${n} readings (${pool.filter((s) => s.ahead === AT).length} at ${AT}), z ${fmt(band.lowZ)} … ${fmt(band.highZ)}`);
  },
});
const at10 = readings.filter((r) => r.ahead === AT && r.calibrated);
const width = (r: Pick<Reading, 'low' | 'high'>) => r.high - r.low;
for (const [i, text] of bands.entries()) {
  const here = at10.filter((r) => r.session === i);
  if (here.length > 0) console.log(`  session ${i}: ${here.length} readings at ${AT} ahead, median width ${median(here.map(width))} min; ${text}`);
}
const sessionsAt10 = new Set(at10.map((r) => r.session)).size;
console.log(`median width at ${AT} ahead ${median(at10.map(width))} min (${(median(at10.map(width)) / oracle).toFixed(3)}×) over ${at10.length} calibrated readings from ${sessionsAt10} sessions`);

// 2. The spread the ranks need, by position, over the last sessions' readings: the band holds them together.
const span = (samples: readonly CalibrationSample[]) => {
  const c = calibrate(samples, { limits: [], minSessions: 1, minPerBand: 1, sessions: sessions.length });
  return c ? `${fmt(c.bands[0]!.highZ - c.bands[0]!.lowZ)} sd (${samples.length} readings)` : '–';
};
for (let ahead = 4; ahead <= 13; ahead++) {
  const here = (s: CalibrationSample) => s.ahead === ahead;
  console.log(`  readings at ${ahead} ahead: edges ${span(every.filter(here))} apart over every session, ${span(pooled.filter(here))} over the last ones`);
}

// How far the expected time itself errs: the shortest window holding 80 % of actual − mean (the oracle's measure).
const errors = at10.map((r) => r.actual - r.mean).sort((a, b) => a - b);
const k = Math.ceil(0.8 * errors.length);
const shortest = Math.min(...errors.slice(0, errors.length - k + 1).map((e, i) => errors[i + k - 1]! - e));
console.log(`the expected time's errors at ${AT} ahead: shortest 80 % window ${shortest.toFixed(1)} min (the oracle's ${oracle.toFixed(1)})`);

// 3. The oracle bound: edges from the judged readings themselves, one band, the product's ranks and rounding.
const judged: CalibrationSample[] = at10.map((r) => ({ session: String(r.session), ahead: AT, mean: r.mean, sd: r.sd, actualMinutes: r.actual }));
const best = calibrate(judged, { limits: [], minSessions: 1, sessions: sessions.length })!.bands[0]!;
const shown = at10.map((r) => {
  const low = Math.max(0, roundDown(r.mean + best.lowZ * r.sd));
  return { low, high: Math.max(low + ROUND_MINUTES, roundUp(r.mean + best.highZ * r.sd)), actual: r.actual };
});
const share = (f: (s: (typeof shown)[number]) => boolean) => pct(shown.filter(f).length / shown.length);
console.log(
  `oracle bound (edges z ${fmt(best.lowZ)} … ${fmt(best.highZ)} learnt on the judged readings): median width ${median(shown.map(width))} min` +
    ` (${(median(shown.map(width)) / oracle).toFixed(3)}×), early ${share((s) => s.actual < s.low)}, inside ${share((s) => s.actual >= s.low && s.actual <= s.high)}`,
);


// 4. More sessions kept: the width at 10 ahead (all readings at 10, as the scenario measures it).
for (const keep of [10, 20, 30, 40, 50, 60, 70, 100]) {
  const r = replay(sessions, { rule: 'own', sessions: keep }).readings.filter((x) => x.ahead === AT);
  console.log(`  the last ${keep} sessions: median width at ${AT} ahead ${median(r.map(width))} min (${(median(r.map(width)) / oracle).toFixed(3)}×)`);
}
