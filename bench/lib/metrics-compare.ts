/**
 * The statistics of the metrics comparison (bench/metrics.ts), and the printed line of one opening that
 * each run writes and bench/metrics-pool.ts reads back: the same rows from one run or from several runs of
 * one build pooled (bench/records/037).
 */
import type { Measure } from '../burst.js';
import { changeInterval, median, ms, pct, trimmedMean, type Row } from './stats.js';

const TARGET = 0.05;
const TRIM = 0.1;

/** What the comparison reads of one opening. */
export type Figures = Pick<Measure, 'p99' | 'p50' | 'serverCpuMs' | 'mainCpuMs' | 'v8CpuMs'>;
/** One process's measured openings on one side (a cold process has one). */
export type Openings = Figures[];
export type State = 'cold' | 'warm';

const signed = (x: number) => `${x >= 0 ? '+' : ''}${pct(x)}`;

/** One opening off and on, as a run prints it: `metrics <store> <label> <state>: p99 off … (… V8 workers …)`. */
export function openingLine(kind: string, label: string, state: string, a: Figures, b: Figures): string {
  return `    metrics ${kind} ${label} ${state}: p99 off ${ms(a.p99)} on ${ms(b.p99)}; p50 ${ms(a.p50)} / ${ms(b.p50)}; CPU ${ms(a.serverCpuMs)} / ${ms(b.serverCpuMs)} (main thread ${ms(a.mainCpuMs)} / ${ms(b.mainCpuMs)}, V8 workers ${ms(a.v8CpuMs)} / ${ms(b.v8CpuMs)})`;
}

const LINE =
  /metrics (\w+) (#\d+|cold-only #\d+) (cold|warm opening \d+): p99 off ([\d.]+) ms on ([\d.]+) ms; p50 ([\d.]+) ms \/ ([\d.]+) ms; CPU ([\d.]+) ms \/ ([\d.]+) ms \(main thread ([\d.]+) ms \/ ([\d.]+) ms, V8 workers ([\d.]+) ms \/ ([\d.]+) ms\)/;

/** Each side's processes in one state. */
export interface Sides {
  off: Openings[];
  on: Openings[];
}

/**
 * A run's printed openings, back as processes: per store and state, one unit per process and side (a
 * repetition's cold opening and each cold-only process apart; a repetition's warm openings together).
 * `run` keeps the processes of different runs apart when several printouts are pooled.
 */
export function parseOpenings(text: string, run: string, into = new Map<string, Record<State, Sides>>()): Map<string, Record<State, Sides>> {
  const warm = new Map<string, { off: Openings; on: Openings }>();
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const n = m.slice(4).map(Number);
    const off: Figures = { p99: n[0], p50: n[2], serverCpuMs: n[4], mainCpuMs: n[6], v8CpuMs: n[8] };
    const on: Figures = { p99: n[1], p50: n[3], serverCpuMs: n[5], mainCpuMs: n[7], v8CpuMs: n[9] };
    const [kind, label, state] = [m[1], m[2], m[3]];
    let sides = into.get(kind);
    if (!sides) into.set(kind, (sides = { cold: { off: [], on: [] }, warm: { off: [], on: [] } }));
    if (state === 'cold') {
      sides.cold.off.push([off]);
      sides.cold.on.push([on]);
      continue;
    }
    const key = `${run} ${kind} ${label}`;
    let process = warm.get(key);
    if (!process) {
      warm.set(key, (process = { off: [], on: [] }));
      sides.warm.off.push(process.off);
      sides.warm.on.push(process.on);
    }
    process.off.push(off);
    process.on.push(on);
  }
  return into;
}

/**
 * The comparison's rows for one state: p99 and server CPU against the target, p50 and CPU's two parts as
 * diagnostics. Latency is the median over processes of each one's median; CPU the trimmed mean of every
 * opening; each change with its 90 % bootstrap interval over processes.
 */
export function comparisonRows(scenario: string, state: State, { off, on }: Sides, what: string): Row[] {
  const openings = off.flat().length;
  const latency = (pick: (m: Figures) => number) => (units: Openings[]) => median(units.map((u) => median(u.map(pick))));
  const cost = (pick: (m: Figures) => number) => (units: Openings[]) => trimmedMean(units.flat().map(pick), TRIM);
  const compare = (metric: string, stat: (units: Openings[]) => number, target: boolean): Row => {
    const [a, b] = [stat(off), stat(on)];
    const change = b / a - 1;
    const [low, high] = changeInterval(off, on, stat);
    return {
      scenario,
      metric: `${state}: ${metric} (${what})`,
      product: `${ms(b)} (on)`,
      floor: `${ms(a)} (off)`,
      ratio: `${signed(change)} (90 % interval ${signed(low)} to ${signed(high)})`,
      target: target ? `< +${pct(TARGET)}` : 'none (diagnostic)',
      met: target ? change < TARGET : null,
    };
  };
  const byProcess = state === 'cold' ? `median of ${off.length}` : `median of the processes' medians`;
  const mean = `mean of ${openings} openings, ${pct(TRIM)} trimmed at each end`;
  return [
    compare(`p99 latency, ${byProcess}`, latency((m) => m.p99), true),
    compare(`p50 latency, ${byProcess}`, latency((m) => m.p50), false),
    compare(`server CPU (user + system) for the 1000 requests, ${mean}`, cost((m) => m.serverCpuMs), true),
    compare(`of it on the JavaScript thread, ${mean}`, cost((m) => m.mainCpuMs), false),
    compare(`of it on V8's worker threads (garbage collection, optimising compilers), ${mean}`, cost((m) => m.v8CpuMs), false),
  ];
}
