/**
 * The opening burst with metrics off and on, in the same run (issue 18: it must move by less than 5 %).
 * Each repetition runs both, alternating which goes first; "on" sets METRICS_TOKEN (every request, query
 * and notice is measured) and scrapes /metrics once at the instant each burst starts, the worst moment a
 * Prometheus scrape could fall on. Both states of bench/burst.ts: cold (a fresh process's first opening)
 * and warm (WARM_OPENINGS openings after its warm-up ones, their medians). Medians of p99, p50 and server
 * CPU (and its JavaScript thread's part, a diagnostic), every run's figures printed.
 */
import { randomBytes } from 'node:crypto';
import { productRun, type Measure, type States } from './burst.js';
import { median, ms, pct, type Row } from './lib/stats.js';
import type { PgCluster, StoreKind } from './lib/stores.js';

const TARGET = 0.05;
const TOKEN = randomBytes(24).toString('hex');

async function scrapeOnce(url: string): Promise<void> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (response.status !== 200) throw new Error(`metrics scrape answered ${response.status}`);
  await response.text();
}

export async function benchMetrics(kinds: StoreKind[], reps: number, cluster: PgCluster | null, nodeFlags: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of kinds) {
    const off: States[] = [];
    const on: States[] = [];
    const runOff = async () => off.push(await productRun({ kind, cluster, nodeFlags }));
    const runOn = async () => on.push(await productRun({ kind, cluster, nodeFlags, env: { METRICS_TOKEN: TOKEN }, alongside: scrapeOnce }));
    for (let rep = 0; rep < reps; rep++) {
      if (rep % 2 === 0) await runOff().then(runOn);
      else await runOn().then(runOff);
      for (const state of ['cold', 'warm'] as const) {
        const [a, b] = [off.at(-1)![state], on.at(-1)![state]];
        console.log(`    metrics ${kind} #${rep + 1} ${state}: p99 off ${ms(a.p99)} on ${ms(b.p99)}; p50 ${ms(a.p50)} / ${ms(b.p50)}; CPU ${ms(a.serverCpuMs)} / ${ms(b.serverCpuMs)} (main thread ${ms(a.mainCpuMs)} / ${ms(b.mainCpuMs)})`);
      }
    }
    const problems = [...new Set([...off, ...on].flatMap((m) => [...m.cold.problems, ...m.warm.problems]))];
    const scenario = `1m burst, metrics (${kind})`;
    for (const state of ['cold', 'warm'] as const) {
      const [offs, ons] = [off.map((m) => m[state]), on.map((m) => m[state])];
      const compare = (metric: string, pick: (m: Measure) => number, target: boolean) => {
        const [a, b] = [median(offs.map(pick)), median(ons.map(pick))];
        const change = b / a - 1;
        const each = (list: Measure[]) => list.map((m) => Math.round(pick(m))).join(', ');
        rows.push({
          scenario,
          metric: `${state}: ${metric}, median of ${reps} (off: ${each(offs)}; on: ${each(ons)})`,
          product: `${ms(b)} (on)`,
          floor: `${ms(a)} (off)`,
          ratio: `${change >= 0 ? '+' : ''}${pct(change)}`,
          target: target ? `< +${pct(TARGET)}` : 'none (diagnostic)',
          met: target ? change < TARGET : null,
        });
      };
      compare('p99 latency', (m) => m.p99, true);
      compare('p50 latency', (m) => m.p50, false);
      compare('server CPU (user + system) for the 1000 requests', (m) => m.serverCpuMs, true);
      compare('of it on the JavaScript thread (the rest: V8 and libuv workers)', (m) => m.mainCpuMs, false);
    }
    rows.push({
      scenario,
      metric: 'outcomes: 200 numbers once, 800 RESOURCE_EXHAUSTED, off and on, every opening',
      product: problems.length ? problems.join('; ') : `exact in all ${2 * reps} processes`,
      floor: '–',
      ratio: '–',
      target: 'nothing else',
      met: problems.length === 0,
    });
  }
  return rows;
}
