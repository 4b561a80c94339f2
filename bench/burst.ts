/**
 * Scenario 1, the opening burst: 1,000 patients, each on its own connection with a real token, ask for a
 * number at the same instant. Product (a separate `node dist/server/main.js`, RATE_LIMIT=off) against the
 * floor, alternating which goes first, several repetitions, medians reported. Beside it, the raw storage
 * rate of the allocation statements, measured in the same run.
 */
import { mintTokens, mustCall, outcome, outcomeProblems, staffLogin } from './lib/http.js';
import { simultaneousCalls, type TimedAnswer } from '../test/support/burst.js';
import { cpuMs, type Proc, startProc, stopProc, sleep } from './lib/proc.js';
import { rawAllocationRate } from './lib/raw-rate.js';
import { median, ms, percentile, perSecond, pct, ratio, type Row } from './lib/stats.js';
import { type PgCluster, prepareStore, reservedSlots, STAFF, type StoreKind } from './lib/stores.js';

const PATIENTS = 1000;
const NUMBERS = 200;
/** Issue 17's targets: p99 against the floor's in the same run, and server CPU per burst request. */
const TARGET_P99 = { sqlite: 3, postgres: 5 } as const;
const TARGET_CPU_US = 200;
const TARGET_RATE = 0.25;

export interface Measure {
  p99: number;
  p50: number;
  /** 200 numbers over the time until the last of them was answered. */
  allocationsPerSecond: number;
  /** CPU the server spent on the burst (user + system): the work, whatever the scheduling. */
  serverCpuMs: number;
  problems: string[];
}

function measure(answers: TimedAnswer[], serverCpuMs: number): Measure {
  const latencies = answers.map((a) => a.latencyMs);
  const winners = answers.filter((a) => a.status === 200);
  const lastWin = Math.max(...winners.map((a) => a.doneAtMs));
  return {
    p99: percentile(latencies, 99),
    p50: percentile(latencies, 50),
    allocationsPerSecond: winners.length / (lastWin / 1000),
    serverCpuMs,
    problems: outcomeProblems(outcome(answers), NUMBERS, PATIENTS - NUMBERS),
  };
}

async function floorRun(floor: Proc): Promise<Measure> {
  await fetch(`${floor.url}/bench/reset`, { method: 'POST', body: '{}' });
  const tokens = await mintTokens(floor.url, PATIENTS);
  return timedBurst(floor, tokens);
}

async function timedBurst(server: Proc, tokens: string[]): Promise<Measure> {
  const cpu0 = cpuMs(server.child.pid!);
  const answers = await simultaneousCalls(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, tokens);
  return measure(answers, cpuMs(server.child.pid!) - cpu0);
}

export interface ProductOptions {
  kind: StoreKind;
  cluster: PgCluster | null;
  /** Extra node flags for the product (e.g. --cpu-prof), from BENCH_NODE_FLAGS. */
  nodeFlags: string[];
  /** Extra settings for the product (the metrics comparison turns metrics on). */
  env?: Record<string, string>;
  /** Started together with the burst (a metrics scrape), awaited after it. */
  alongside?: (url: string) => Promise<unknown>;
}

export async function productRun({ kind, cluster, nodeFlags, env = {}, alongside }: ProductOptions): Promise<Measure> {
  const bench = await prepareStore(kind, cluster);
  let proc: Proc | undefined;
  try {
    proc = await startProc({ name: `product (${kind})`, args: [...nodeFlags, 'dist/server/main.js'], env: { ...bench.env, RATE_LIMIT: 'off', ...env } });
    const cookie = await staffLogin(proc.url, STAFF.username, STAFF.password);
    await mustCall(proc.url, 'startInhouseReception', {}, { cookie });
    await mustCall(proc.url, 'startOnlineReception', {}, { cookie });
    const tokens = await mintTokens(proc.url, PATIENTS);
    await sleep(300); // set-up traffic settles (live refreshes, notify worker poll)
    const side = alongside?.(proc.url);
    const result = await timedBurst(proc, tokens);
    await side;
    const held = await reservedSlots(bench);
    if (held.reserved !== NUMBERS || held.owners !== NUMBERS) result.problems.push(`store holds ${held.reserved} reserved slots for ${held.owners} owners`);
    return result;
  } finally {
    if (proc) await stopProc(proc);
    await bench.cleanup();
  }
}

export async function benchBurst(kinds: StoreKind[], reps: number, floor: Proc, cluster: PgCluster | null, nodeFlags: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of kinds) {
    const product: Measure[] = [];
    const floors: Measure[] = [];
    const raw: number[] = [];
    for (let rep = 0; rep < reps; rep++) {
      // Alternating the order keeps slow drift of a shared machine from favouring either side.
      if (rep % 2 === 0) {
        floors.push(await floorRun(floor));
        product.push(await productRun({ kind, cluster, nodeFlags }));
      } else {
        product.push(await productRun({ kind, cluster, nodeFlags }));
        floors.push(await floorRun(floor));
      }
      raw.push(await rawAllocationRate(kind, cluster));
      const [p, f] = [product.at(-1)!, floors.at(-1)!];
      console.log(`    burst ${kind} #${rep + 1}: p99 ${ms(p.p99)} vs floor ${ms(f.p99)}; server CPU ${ms(p.serverCpuMs)} vs ${ms(f.serverCpuMs)}; ${perSecond(p.allocationsPerSecond)} vs raw ${perSecond(raw.at(-1)!)}`);
    }
    const p99 = median(product.map((m) => m.p99));
    const floorP99 = median(floors.map((m) => m.p99));
    const rate = median(product.map((m) => m.allocationsPerSecond));
    const rawRate = median(raw);
    const problems = [...new Set(product.flatMap((m) => m.problems))];
    const floorProblems = [...new Set(floors.flatMap((m) => m.problems))];
    const scenario = `1 burst (${kind})`;
    rows.push({
      scenario,
      metric: `p99 latency, median of ${reps} (p50 ${ms(median(product.map((m) => m.p50)))} vs ${ms(median(floors.map((m) => m.p50)))})`,
      product: ms(p99),
      floor: ms(floorP99),
      ratio: ratio(p99 / floorP99),
      target: `≤ ${TARGET_P99[kind]}×`,
      met: p99 / floorP99 <= TARGET_P99[kind],
    });
    const cpu = median(product.map((m) => m.serverCpuMs));
    const floorCpu = median(floors.map((m) => m.serverCpuMs));
    rows.push({
      scenario,
      metric: `server CPU (user + system) for the ${PATIENTS} requests, median (${Math.round((cpu * 1000) / PATIENTS)} µs per request; explains the p99)`,
      product: ms(cpu),
      floor: ms(floorCpu),
      ratio: ratio(cpu / floorCpu),
      target: `≤ ${TARGET_CPU_US} µs per request`,
      met: (cpu * 1000) / PATIENTS <= TARGET_CPU_US,
    });
    rows.push({
      scenario,
      metric: 'allocations/s end to end vs raw statements',
      product: perSecond(rate),
      floor: `raw ${perSecond(rawRate)} (floor e2e ${perSecond(median(floors.map((m) => m.allocationsPerSecond)))})`,
      ratio: pct(rate / rawRate),
      target: `≥ ${pct(TARGET_RATE)}`,
      met: rate / rawRate >= TARGET_RATE,
    });
    rows.push({
      scenario,
      metric: `outcomes: ${NUMBERS} numbers once, ${PATIENTS - NUMBERS} RESOURCE_EXHAUSTED`,
      product: problems.length ? problems.join('; ') : `exact in ${reps}/${reps}`,
      floor: floorProblems.length ? floorProblems.join('; ') : `exact in ${reps}/${reps}`,
      ratio: '–',
      target: 'nothing else',
      met: problems.length === 0,
    });
  }
  return rows;
}
