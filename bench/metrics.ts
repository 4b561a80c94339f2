/**
 * The opening burst with metrics off and on, in the same run (issue 18: it must move by less than 5 %).
 * Each repetition runs both, alternating which goes first; "on" sets METRICS_TOKEN (every request, query
 * and notice is measured). Both get a scrape of /metrics at the instant each burst starts, the worst
 * moment a Prometheus scrape could fall on: "on" answers it with the numbers, "off" with a 404. Both
 * states of bench/burst.ts: cold (a fresh process's first opening) and warm (WARM_MEASURED openings after
 * its warm-up ones). Every run's figures are printed.
 *
 * Latency (p99, p50) is the median over processes of each process's median. Server CPU is a cost, what
 * a clinic's machine pays: the mean over every measured opening of the side (trimmed by 10 % at each
 * end, for the odd opening this shared machine slows for no reason of its own). Its parts, the
 * JavaScript thread's and V8's worker threads', are diagnostics. A median would hide the collector: a
 * warm opening's V8 workers spend either ~15 or ~32 ms as a major collection falls inside the burst or
 * not (metrics run 28), so the median of three openings jumps by 15 % when that share crosses a half.
 *
 * Cold takes EXTRA_COLD more fresh processes per repetition and side, measured on their first opening
 * only (V8 compiles the request path on worker threads while it runs: ±10 % from process to process).
 * Warm measures WARM_MEASURED openings per process: one warm opening's CPU moves by ±15 % (sd 17 ms of
 * 120), and the processes' means spread no more than that predicts, so openings are the cheap way to more
 * samples. Each change comes with a 90 % bootstrap interval that resamples whole processes.
 *
 * The statistics are in lib/metrics-compare.ts, shared with bench/metrics-pool.ts, which computes the
 * same rows over the printed openings of several runs of one build (bench/records/037).
 */
import { randomBytes } from 'node:crypto';
import { FIRST_WARM, productCold, productRun, warmOpenings, type Measure, type States } from './burst.js';
import { comparisonRows, openingLine } from './lib/metrics-compare.js';
import type { Row } from './lib/stats.js';
import type { PgCluster, StoreKind } from './lib/stores.js';

const EXTRA_COLD = 2;
const WARM_MEASURED = 12;
const TOKEN = randomBytes(24).toString('hex');

/**
 * Prometheus's scrape, sent to both sides at the same instant: "on" answers the numbers, "off" the plain
 * 404 a clinic without metrics answers. The same request on both keeps this process's own work the same:
 * a fetch sent only beside the "on" bursts cost the product's cold opening 2–3 % more CPU, even sent to
 * another server that the product never saw (bench/records/036), and that was no cost of the metrics.
 */
const scrape = (expected: 200 | 404) => async (url: string): Promise<void> => {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (response.status !== expected) throw new Error(`metrics scrape answered ${response.status}, not ${expected}`);
  await response.text();
};

export async function benchMetrics(kinds: StoreKind[], reps: number, cluster: PgCluster | null, nodeFlags: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of kinds) {
    const off: States[] = [];
    const on: States[] = [];
    const offSettings = { kind, cluster, nodeFlags, alongside: scrape(404) };
    const onSettings = { ...offSettings, env: { METRICS_TOKEN: TOKEN }, alongside: scrape(200) };
    const runOff = async () => off.push(await productRun(offSettings, WARM_MEASURED));
    const runOn = async () => on.push(await productRun(onSettings, WARM_MEASURED));
    const print = (label: string, state: string, a: Measure, b: Measure) => console.log(openingLine(kind, label, state, a, b));
    for (let rep = 0; rep < reps; rep++) {
      if (rep % 2 === 0) await runOff().then(runOn);
      else await runOn().then(runOff);
      print(`#${rep + 1}`, 'cold', off.at(-1)!.cold, on.at(-1)!.cold);
      const [a, b] = [off.at(-1)!.warmEach, on.at(-1)!.warmEach];
      for (let i = 0; i < WARM_MEASURED; i++) print(`#${rep + 1}`, `warm opening ${FIRST_WARM + i}`, a[i], b[i]);
    }
    const colds = { off: off.map((m) => m.cold), on: on.map((m) => m.cold) };
    for (let extra = 0; extra < EXTRA_COLD * reps; extra++) {
      const pair = extra % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      for (const side of pair) colds[side].push(await productCold(side === 'off' ? offSettings : onSettings));
      print(`cold-only #${extra + 1}`, 'cold', colds.off.at(-1)!, colds.on.at(-1)!);
    }
    const problems = [...new Set([...colds.off, ...colds.on, ...[...off, ...on].map((m) => m.warm)].flatMap((m) => m.problems))];
    const scenario = `1m burst, metrics (${kind})`;
    rows.push(...comparisonRows(scenario, 'cold', { off: colds.off.map((m) => [m]), on: colds.on.map((m) => [m]) }, `${colds.off.length} processes`));
    const warmWhat = `${off.length} processes, ${warmOpenings(WARM_MEASURED)} of each`;
    rows.push(...comparisonRows(scenario, 'warm', { off: off.map((m) => m.warmEach), on: on.map((m) => m.warmEach) }, warmWhat));
    rows.push({
      scenario,
      metric: 'outcomes: 200 numbers once, 800 RESOURCE_EXHAUSTED, off and on, every opening',
      product: problems.length ? problems.join('; ') : `exact in all ${2 * reps * (1 + EXTRA_COLD)} processes`,
      floor: '–',
      ratio: '–',
      target: 'nothing else',
      met: problems.length === 0,
    });
  }
  return rows;
}
