/**
 * Scenario 1 with poisoned names mixed in (issue 42, docs/decisions/058): the opening burst of
 * bench/burst.ts — 1,000 patients at once, each on its own connection, families on so that each names
 * itself — run in the same process clean and with every 5th caller poisoned (200 of the 1,000, 8 of every
 * 40): their names hold a NUL, a BEL, U+202E, a zero-width joiner, a line separator or a BOM. Before,
 * one NUL in a batch failed the whole group-commit transaction on PostgreSQL and every request of the batch
 * was written again one by one (a 40-number burst: 76 ms and 2 transactions became 333 ms and 18). Now the
 * route refuses such a name before any write, so the clean requests must not be able to tell: their p99 in
 * the poisoned bursts must stay within what the clean bursts spread over, run to run.
 *
 * Per process: a cold opening and WARMUP_OPENINGS more, unmeasured (both shapes compile what they need
 * there), then PAIRS pairs of openings, clean and poisoned, their order alternating pair by pair so drift on
 * a shared machine favours neither. Committed writes are counted by the runtime row's version, which every
 * committed write bumps once (decision 001); a batch that takes nothing rolls back and bumps nothing.
 */
import { type TimedAnswer, simultaneousCalls } from '../test/support/burst.js';
import { staffLabels } from '../src/shared/labels/staff.js';
import { label } from '../src/shared/labels/text.js';
import { PATIENTS, WARMUP_OPENINGS } from './burst.js';
import { mintTokens, mustCall, outcome, outcomeProblems, reopen, staffLogin } from './lib/http.js';
import { cpuSplit, type Proc, sleep, startProc, stopProc } from './lib/proc.js';
import { median, ms, percentile, ratio, type Row } from './lib/stats.js';
import { type BenchStore, type PgCluster, prepareStore, reservedSlots, runtimeVersion, STAFF, type StoreKind } from './lib/stores.js';

const NUMBERS = 200;
const EVERY_NUMBER = Array.from({ length: NUMBERS }, (_, i) => i + 1);
/** Caller i of a poisoned burst is poisoned when i % POISON_EVERY === POISON_AT: 20 % of the callers. */
const POISON_EVERY = 5;
const POISON_AT = 2;
const POISONED = PATIENTS / POISON_EVERY;
/** What the poisoned callers send as `members`, in turn: the database would have refused some, stored the others. */
const POISON: string[][] = [['\u0000'], ['太\u0007郎', '花子'], ['\u202Eたろう'], ['た\u200Dろう'], ['a\u0000b', 'c'], ['\u2028'], ['\uFEFF'], ['x\u0085']];
/** Clean and poisoned openings measured per process, in pairs. */
const PAIRS = 3;
const REFUSAL = label(staffLabels, 'ja', 'error.patientText');

type Shape = 'clean' | 'poisoned';
type Result = { slotId?: string; reservationNumber?: number; family?: { slotId: string }[] | null };

/** One measured opening: the clean callers' latency, the burst's wall time and cost, and its outcome. */
interface Opening {
  shape: Shape;
  p50: number;
  p99: number;
  /** From the release of the first body to the last answer, poisoned callers included. */
  totalMs: number;
  serverCpuMs: number;
  /** Committed writes during the burst (runtime version bumps). */
  commits: number;
  problems: string[];
  slotIds: string[];
}

const isPoisoned = (i: number) => i % POISON_EVERY === POISON_AT;
/**
 * Caller i's payload: a clean caller names itself (one number); in a poisoned burst every 5th caller sends
 * a refused character instead. The same callers, at the same instant, either way.
 */
const payload = (shape: Shape) => (i: number) =>
  ({ reservedType: 'PWA', members: shape === 'poisoned' && isPoisoned(i) ? POISON[Math.floor(i / POISON_EVERY) % POISON.length] : [`p${i}`] });

async function opening(server: Proc, bench: BenchStore, as: { cookie: string }, shape: Shape, last: Opening | null): Promise<Opening> {
  await reopen(server.url, as, last?.slotIds ?? null);
  const tokens = await mintTokens(server.url, PATIENTS);
  await sleep(300); // set-up traffic settles (live refreshes, notify worker poll)
  const version0 = await runtimeVersion(bench);
  const cpu0 = cpuSplit(server.child.pid!);
  const answers = await simultaneousCalls<Result>(server.url, 'allocateNextSlot', payload(shape), tokens);
  const cpu1 = cpuSplit(server.child.pid!);
  const commits = (await runtimeVersion(bench)) - version0;
  const poisoned = shape === 'poisoned' ? answers.filter((_, i) => isPoisoned(i)) : [];
  const clean = shape === 'poisoned' ? answers.filter((_, i) => !isPoisoned(i)) : answers;
  const problems = outcomeProblems(outcome(clean), EVERY_NUMBER, clean.length - NUMBERS);
  const wrong = poisoned.filter((a) => a.status !== 400 || a.body.error?.status !== 'INVALID_ARGUMENT' || (a.body.error as { message?: string }).message !== REFUSAL);
  if (wrong.length > 0) problems.push(`${wrong.length} poisoned callers answered otherwise than 400 error.patientText: ${summary(wrong)}`);
  const held = await reservedSlots(bench);
  if (held.reserved !== NUMBERS || held.owners !== NUMBERS) problems.push(`store holds ${held.reserved} reserved slots for ${held.owners} owners`);
  const latencies = clean.map((a) => a.latencyMs);
  return {
    shape,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    totalMs: Math.max(...answers.map((a) => a.doneAtMs)),
    serverCpuMs: cpu1.total - cpu0.total,
    commits,
    problems,
    slotIds: clean.filter((a) => a.status === 200).flatMap((a) => (a.body.result?.family ? a.body.result.family.map((c) => c.slotId) : [String(a.body.result?.slotId)])),
  };
}

const summary = (answers: TimedAnswer[]) => [...new Set(answers.map((a) => `${a.status} ${a.body.error?.status ?? '?'}`))].join(', ');

/** A fresh product process with families on: unmeasured openings, then PAIRS clean and PAIRS poisoned. */
async function processRun(kind: StoreKind, cluster: PgCluster | null, nodeFlags: string[], rep: number): Promise<{ measured: Opening[]; warmUpProblems: string[] }> {
  const bench = await prepareStore(kind, cluster);
  let proc: Proc | undefined;
  try {
    const server = (proc = await startProc({ name: `product (${kind})`, args: [...nodeFlags, 'dist/server/main.js'], env: { ...bench.env, RATE_LIMIT: 'off' } }));
    const as = { cookie: await staffLogin(server.url, STAFF.username, STAFF.password) };
    // Members are refused unless families are on (decision 053): two per request at most.
    await mustCall(server.url, 'saveAllocationSettings', { keepEvery: 0, onlineCap: 0, familyMax: 2 }, as);
    let last: Opening | null = null;
    const warmUpProblems: string[] = [];
    // The warm-up alternates the shapes too: the refusal's path is as warm as the allocation's when measuring starts.
    for (let i = 0; i <= WARMUP_OPENINGS; i++) {
      last = await opening(server, bench, as, i % 2 === 0 ? 'clean' : 'poisoned', last);
      warmUpProblems.push(...last.problems.map((p) => `warm-up opening ${i + 1} (${last!.shape}): ${p}`));
    }
    const measured: Opening[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const order: Shape[] = (pair + rep) % 2 === 0 ? ['clean', 'poisoned'] : ['poisoned', 'clean'];
      for (const shape of order) measured.push((last = await opening(server, bench, as, shape, last)));
    }
    return { measured, warmUpProblems };
  } finally {
    if (proc) await stopProc(proc);
    await bench.cleanup();
  }
}

const range = (values: number[], format: (v: number) => string) => `${format(Math.min(...values))}–${format(Math.max(...values))}`;

export async function benchBurstPoisoned(kinds: StoreKind[], reps: number, cluster: PgCluster | null, nodeFlags: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of kinds) {
    const openings: Opening[] = [];
    const problems: string[] = [];
    for (let rep = 0; rep < reps; rep++) {
      const run = await processRun(kind, cluster, nodeFlags, rep);
      openings.push(...run.measured);
      problems.push(...run.warmUpProblems, ...run.measured.flatMap((m, i) => m.problems.map((p) => `process ${rep + 1} opening ${i + 1} (${m.shape}): ${p}`)));
      for (const m of run.measured) {
        console.log(`    burst-poisoned ${kind} #${rep + 1} ${m.shape}: clean p50 ${ms(m.p50)} p99 ${ms(m.p99)}; total ${ms(m.totalMs)}; server CPU ${ms(m.serverCpuMs)}; ${m.commits} commits`);
      }
    }
    const clean = openings.filter((m) => m.shape === 'clean');
    const poisoned = openings.filter((m) => m.shape === 'poisoned');
    const scenario = `1 burst, ${POISONED} of ${PATIENTS} callers poisoned (${kind})`;
    const of = `${clean.length} openings each (${reps} processes × ${PAIRS}, warm)`;
    const figure = (name: string, pick: (m: Opening) => number, format: (v: number) => string, target: string, met: boolean | null): Row => {
      const [p, c] = [median(poisoned.map(pick)), median(clean.map(pick))];
      return {
        scenario,
        metric: `${name}, median of ${of}: poisoned (range ${range(poisoned.map(pick), format)}) vs clean (range ${range(clean.map(pick), format)})`,
        product: format(p),
        floor: `${format(c)} (clean)`,
        ratio: ratio(p / c),
        target,
        met,
      };
    };
    const cleanP99Max = Math.max(...clean.map((m) => m.p99));
    rows.push(
      figure(`the clean requests' p99 latency (the clean burst's ${PATIENTS}, the poisoned burst's ${PATIENTS - POISONED})`, (m) => m.p99, ms, 'within the clean bursts\' range', median(poisoned.map((m) => m.p99)) <= cleanP99Max),
      figure(`the clean requests' p50 latency`, (m) => m.p50, ms, 'none (diagnostic)', null),
      figure('the burst\'s wall time (first body released to last answer, poisoned callers included)', (m) => m.totalMs, ms, 'none (diagnostic)', null),
      figure(`server CPU (user + system) for the ${PATIENTS} requests`, (m) => m.serverCpuMs, ms, 'none (diagnostic)', null),
      figure('committed writes during the burst (runtime version bumps)', (m) => m.commits, String, 'no more than the clean bursts\'', Math.max(...poisoned.map((m) => m.commits)) <= Math.max(...clean.map((m) => m.commits))),
    );
    const unique = [...new Set(problems)];
    const all = reps * (WARMUP_OPENINGS + 1 + 2 * PAIRS);
    rows.push({
      scenario,
      metric: `outcomes: ${NUMBERS} numbers once to clean callers, every other clean caller RESOURCE_EXHAUSTED, every poisoned caller 400 INVALID_ARGUMENT error.patientText, the store ${NUMBERS} numbers for ${NUMBERS} owners, every opening (measured and warm-up)`,
      product: unique.length ? unique.join('; ') : `exact in ${all}/${all}`,
      floor: '–',
      ratio: '–',
      target: 'nothing else',
      met: unique.length === 0,
    });
  }
  return rows;
}
