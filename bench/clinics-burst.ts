/**
 * Many clinics opening at once (issue 45; decision 078), on PostgreSQL: three server processes on one
 * database (one TOKEN_SECRET, TRUST_PROXY=127.0.0.1, RATE_LIMIT=off), 200 clinics configured. 100 of them
 * open reception at the same minute and 300 patients in each take numbers: 30,000 requests in the minute.
 * Each clinic's 300 callers are released together (its own opening burst, as bench/burst.ts's), the
 * clinics one after another every 0.6 s so that the 30,000 fall in the first minute; caller i goes to
 * process i mod 3 (a round-robin proxy), with X-Forwarded-Host naming its clinic. Each clinic gives 60
 * numbers online (its online cap), so 240 of its callers are refused.
 *
 * Measured in the same processes, the same run:
 * - every bursting clinic's numbers, 1–60 exactly once, from the answers and from the store;
 * - the p99 of a take across all 100 clinics against the p99 of one clinic's burst alone (the median of
 *   SOLO_MEASURED clinics bursting one at a time, after SOLO_WARMUP unmeasured ones warm the processes);
 * - a clinic with no burst: a patient there takes a number every 1.47 s through the minute (a step that
 *   meets the 0.6 s rhythm at every phase), against the same takes before it, the processes idle.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { TimedAnswer } from '../test/support/burst.js';
import { clinicCall, clinicLogin, clinicTokens, forHost, heldByClinic, inTurns, mustClinicCall, startFleet, type Fleet } from './lib/clinic-fleet.js';
import { outcome, outcomeProblems } from './lib/http.js';
import { cpuSplit, sleep } from './lib/proc.js';
import { spreadCalls } from './lib/spread-burst.js';
import { median, ms, percentile, ratio, type Row } from './lib/stats.js';
import type { PgCluster } from './lib/stores.js';

const CLINICS = 200;
const PROCESSES = 3;
const BURSTING = 100;
const CALLERS = 300;
/** Each clinic's online cap: the numbers its 300 callers share. */
const CAP = 60;
const SPREAD_MS = 60_000;
const SOLO_WARMUP = 2;
const SOLO_MEASURED = 3;
const QUIET_TAKES = 40;
const QUIET_STEP_MS = 1_470;
const TARGET_BURST = 2;
const TARGET_QUIET = 1.5;
const NUMBERS = Array.from({ length: CAP }, (_, i) => i + 1);
const SHARED = 'load generator, three servers and PostgreSQL share 2 cores';

const BURST_IDS = Array.from({ length: BURSTING }, (_, i) => `c${i + 1}`);
const QUIET_ID = `c${BURSTING + 1}`;
const SOLO_IDS = Array.from({ length: SOLO_WARMUP + SOLO_MEASURED }, (_, i) => `c${BURSTING + 2 + i}`);

type Won = { reservationNumber?: number };

interface Ready {
  fleet: Fleet;
  cookies: Map<string, string>;
}

/** Signs in at each clinic and caps its online numbers (the quiet clinic keeps no cap). */
async function ready(fleet: Fleet): Promise<Ready> {
  const cookies = new Map<string, string>();
  // Password checks take turns per process (two at a time): one sign-in per process at once.
  await inTurns([...BURST_IDS, QUIET_ID, ...SOLO_IDS], PROCESSES, async (id, i) => {
    const base = fleet.bases[i % PROCESSES];
    const cookie = await clinicLogin(base, id);
    cookies.set(id, cookie);
    if (id !== QUIET_ID) await mustClinicCall(base, id, 'saveAllocationSettings', { keepEvery: 0, onlineCap: CAP, familyMax: 1 }, { cookie });
  });
  return { fleet, cookies };
}

async function open({ fleet, cookies }: Ready, id: string): Promise<void> {
  const cookie = cookies.get(id)!;
  await mustClinicCall(fleet.next(), id, 'startInhouseReception', {}, { cookie });
  await mustClinicCall(fleet.next(), id, 'startOnlineReception', {}, { cookie });
}

/** One clinic's 300 callers, released together, over the three processes in turn. */
const clinicBurst = (fleet: Fleet, id: string, tokens: string[]) =>
  spreadCalls<Won>(fleet.bases, 'allocateNextSlot', { reservedType: 'PWA' }, tokens, forHost(id));

const problemsOf = (id: string, answers: TimedAnswer<Won>[]) =>
  outcomeProblems(outcome(answers), NUMBERS, CALLERS - CAP).map((p) => `${id}: ${p}`);

/** A take in the quiet clinic by a new patient each time: its latency (a refusal is a problem, timed all the same). */
async function quietTake(fleet: Fleet, token: string, problems: string[]): Promise<number> {
  const t0 = performance.now();
  try {
    const a = await clinicCall(fleet.next(), QUIET_ID, 'allocateNextSlot', { reservedType: 'PWA' }, { token });
    if (a.status !== 200) problems.push(`take in ${QUIET_ID}: ${a.status} ${a.body.error?.status ?? '?'}`);
  } catch (err) {
    problems.push(`take in ${QUIET_ID}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return performance.now() - t0;
}

/** The takes, one every `stepMs` (or right after the last when that is longer). */
async function quietTakes(fleet: Fleet, tokens: string[], stepMs: number, problems: string[]): Promise<number[]> {
  const latencies: number[] = [];
  const t0 = performance.now();
  for (const [i, token] of tokens.entries()) {
    const wait = t0 + i * stepMs - performance.now();
    if (wait > 0) await sleep(wait);
    latencies.push(await quietTake(fleet, token, problems));
  }
  return latencies;
}

const serversCpu = (fleet: Fleet) => fleet.procs.reduce((sum, p) => sum + cpuSplit(p.child.pid!).total, 0);

export async function benchClinicsBurst(cluster: PgCluster | null, nodeFlags: string[]): Promise<Row[]> {
  if (!cluster) throw new Error('the many-clinics burst needs PostgreSQL');
  const t0 = performance.now();
  const fleet = await startFleet(cluster, CLINICS, [...BURST_IDS, QUIET_ID, ...SOLO_IDS], PROCESSES, nodeFlags);
  try {
    const r = await ready(fleet);
    console.log(`    clinics-burst: ${CLINICS} clinics, ${PROCESSES} processes ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const problems: string[] = [];

    // One clinic's burst alone, a few times: the first ones warm the processes' request path.
    const soloP99: number[] = [];
    const soloCpuUs: number[] = [];
    for (const [i, id] of SOLO_IDS.entries()) {
      await open(r, id);
      const tokens = await clinicTokens(fleet, id, CALLERS);
      await sleep(500);
      const before = serversCpu(fleet);
      const answers = await clinicBurst(fleet, id, tokens);
      const cpuUs = Math.round(((serversCpu(fleet) - before) * 1000) / CALLERS);
      problems.push(...problemsOf(id, answers));
      if (i >= SOLO_WARMUP) soloP99.push(percentile(answers.map((a) => a.latencyMs), 99));
      if (i >= SOLO_WARMUP) soloCpuUs.push(cpuUs);
      console.log(`    solo burst ${id}${i < SOLO_WARMUP ? ' (warm-up)' : ''}: p99 ${ms(percentile(answers.map((a) => a.latencyMs), 99))}, servers' CPU ${cpuUs} µs a request`);
      await sleep(500);
    }

    // The quiet clinic's takes with nothing else going on.
    await open(r, QUIET_ID);
    const quietTokens = await clinicTokens(fleet, QUIET_ID, 2 * QUIET_TAKES);
    const idle = await quietTakes(fleet, quietTokens.slice(0, QUIET_TAKES), 100, problems);

    // The hundred clinics open, their patients' tokens are ready, then the minute.
    const opened = performance.now();
    await inTurns(BURST_IDS, 6, (id) => open(r, id));
    const openMs = performance.now() - opened;
    const tokens = new Map<string, string[]>();
    for (const id of BURST_IDS) tokens.set(id, await clinicTokens(fleet, id, CALLERS));
    await sleep(1_000);
    const cpu0 = serversCpu(fleet);
    // The load generator's own event loop: when it stalls, every answer it reads comes late, a quiet take's too.
    const benchLoop = monitorEventLoopDelay({ resolution: 10 });
    benchLoop.enable();
    const start = performance.now();
    const bursts = BURST_IDS.map(async (id, k) => {
      await sleep(start + (k * SPREAD_MS) / BURSTING - performance.now());
      return clinicBurst(fleet, id, tokens.get(id)!);
    });
    const during = await quietTakes(fleet, quietTokens.slice(QUIET_TAKES), QUIET_STEP_MS, problems);
    const answers = await Promise.all(bursts);
    const wallMs = performance.now() - start;
    const cpuMs = serversCpu(fleet) - cpu0;
    benchLoop.disable();
    const benchLoopMs = `the load generator's event loop delayed up to ${ms(benchLoop.max / 1e6)} (p99 ${ms(benchLoop.percentile(99) / 1e6)}) in the minute`;

    BURST_IDS.forEach((id, k) => problems.push(...problemsOf(id, answers[k])));
    for (const p of fleet.procs) {
      if (p.child.exitCode !== null || p.child.signalCode !== null) {
        problems.push(`${p.name} exited (${p.child.exitCode ?? p.child.signalCode})`);
        console.log(`    ${p.name}'s last output:\n${p.output().slice(-2000)}`);
      }
    }
    const held = await heldByClinic(fleet);
    let exact = 0;
    for (const id of [...BURST_IDS, ...SOLO_IDS]) {
      const h = held.get(id);
      const ok = h && h.reserved === CAP && h.numbers === CAP && h.owners === CAP && h.lowest === 1 && h.highest === CAP;
      if (ok) exact++;
      else problems.push(`${id}: store holds ${h ? `${h.reserved} reserved, ${h.numbers} distinct numbers ${h.lowest}–${h.highest}, ${h.owners} owners` : 'nothing'}`);
    }
    const all = answers.flat().map((a) => a.latencyMs);
    const lost = answers.flat().filter((a) => a.status === 0).length;
    const burstP99 = percentile(all, 99);
    const soloMedian = median(soloP99);
    const clinicP99s = answers.map((list) => percentile(list.map((a) => a.latencyMs), 99));
    const idleP99 = percentile(idle, 99);
    const duringP99 = percentile(during, 99);
    console.log(`    100-clinic minute: p99 ${ms(burstP99)} (p50 ${ms(percentile(all, 50))}, worst clinic ${ms(Math.max(...clinicP99s))}) vs solo ${soloP99.map(ms).join(', ')}; wall ${(wallMs / 1000).toFixed(1)} s; ${lost} connections lost; servers' CPU ${(cpuMs / 1000).toFixed(1)} s`);
    console.log(`    quiet clinic: take p99 ${ms(duringP99)} (p50 ${ms(percentile(during, 50))}) vs idle ${ms(idleP99)} (p50 ${ms(percentile(idle, 50))}); opening 100 clinics took ${ms(openMs)}; ${benchLoopMs}`);
    const scenario = `${BURSTING} clinics bursting (postgres, ${PROCESSES} processes)`;
    const perRequestUs = Math.round((cpuMs * 1000) / (BURSTING * CALLERS));
    return [
      {
        scenario,
        metric: `outcomes: each of ${BURSTING} clinics (and ${SOLO_IDS.length} solo ones) gives numbers 1–${CAP} once to its ${CALLERS} callers, ${CALLERS - CAP} RESOURCE_EXHAUSTED; the store holds ${CAP} reserved, ${CAP} distinct numbers, ${CAP} owners per clinic`,
        product: problems.length ? problems.slice(0, 5).join('; ') + (problems.length > 5 ? ` (+${problems.length - 5})` : '') : `exact in ${exact}/${BURST_IDS.length + SOLO_IDS.length} clinics`,
        floor: '–',
        ratio: '–',
        target: 'nothing else',
        met: problems.length === 0,
      },
      {
        scenario,
        metric: `p99 of a take over the ${BURSTING * CALLERS} requests of the minute (a clinic's ${CALLERS} released together every ${SPREAD_MS / BURSTING} ms; p50 ${ms(percentile(all, 50))}, worst clinic's p99 ${ms(Math.max(...clinicP99s))}, median clinic's ${ms(median(clinicP99s))}) vs one clinic's burst alone, median of ${SOLO_MEASURED} (${soloP99.map(ms).join(', ')}); servers' CPU ${perRequestUs} µs a request (alone ${median(soloCpuUs)})`,
        product: ms(burstP99),
        floor: `alone ${ms(soloMedian)}`,
        ratio: ratio(burstP99 / soloMedian),
        target: `≤ ${TARGET_BURST}×`,
        met: burstP99 / soloMedian <= TARGET_BURST,
        note: `one run; ${SHARED}; all ${BURSTING * CALLERS} answered in ${(wallMs / 1000).toFixed(1)} s`,
      },
      {
        scenario,
        metric: `p99 of a take in a clinic with no burst, ${QUIET_TAKES} takes one every ${QUIET_STEP_MS} ms through the minute (p50 ${ms(percentile(during, 50))}) vs ${QUIET_TAKES} takes idle (p50 ${ms(percentile(idle, 50))})`,
        product: ms(duringP99),
        floor: `idle ${ms(idleP99)}`,
        ratio: ratio(duringP99 / idleP99),
        target: `≤ ${TARGET_QUIET}×`,
        met: duringP99 / idleP99 <= TARGET_QUIET,
        note: `one run; ${SHARED}; ${benchLoopMs}`,
      },
    ];
  } finally {
    await fleet.stop();
  }
}
