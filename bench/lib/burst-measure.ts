/**
 * One burst's figures (bench/burst.ts): latency, throughput, the server's CPU and the outcome checked
 * against the numbers that burst must give, and the median of a process's warm openings.
 */
import type { TimedAnswer } from '../../test/support/burst.js';
import { outcome, outcomeProblems } from './http.js';
import { median, percentile } from './stats.js';

export interface Measure {
  p99: number;
  p50: number;
  /** The numbers given over the time until the last of them was answered. */
  allocationsPerSecond: number;
  /** CPU the server spent on the burst (user + system): the work, whatever the scheduling. */
  serverCpuMs: number;
  /** The part of it on the JavaScript thread (the rest is V8's and libuv's workers). */
  mainCpuMs: number;
  /** The part of it on V8's worker threads (garbage collection, optimising compilers). */
  v8CpuMs: number;
  problems: string[];
  /** The numbers' slot ids: the next opening in the same process sees to them first. */
  slotIds: string[];
  /** Callers given numbers (with families fewer than the numbers given). */
  winners: number;
}

/** `expected`: the numbers the burst must give, each once; every other request RESOURCE_EXHAUSTED. */
export function measure(answers: TimedAnswer[], cpu: { total: number; main: number; v8: number }, expected: readonly number[]): Measure {
  const latencies = answers.map((a) => a.latencyMs);
  const winners = answers.filter((a) => a.status === 200);
  const lastWin = Math.max(...winners.map((a) => a.doneAtMs));
  return {
    p99: percentile(latencies, 99),
    p50: percentile(latencies, 50),
    allocationsPerSecond: winners.length / (lastWin / 1000),
    serverCpuMs: cpu.total,
    mainCpuMs: cpu.main,
    v8CpuMs: cpu.v8,
    problems: outcomeProblems(outcome(answers), expected, answers.length - expected.length),
    slotIds: [],
    winners: winners.length,
  };
}

/** The warm openings of one process as one measure: the median of each figure. */
export function combined(list: Measure[]): Measure {
  return {
    p99: median(list.map((m) => m.p99)),
    p50: median(list.map((m) => m.p50)),
    allocationsPerSecond: median(list.map((m) => m.allocationsPerSecond)),
    serverCpuMs: median(list.map((m) => m.serverCpuMs)),
    mainCpuMs: median(list.map((m) => m.mainCpuMs)),
    v8CpuMs: median(list.map((m) => m.v8CpuMs)),
    problems: list.flatMap((m, i) => m.problems.map((p) => `warm opening ${i + 1}: ${p}`)),
    // The next opening sees to the last measured one's numbers itself (coldAndWarm keeps it as `last`).
    slotIds: [],
    winners: median(list.map((m) => m.winners)),
  };
}
