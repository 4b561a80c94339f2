/**
 * Several queues (issue 43, decision 061), two measurements on each store:
 *
 * 1. The opening burst over three queues: bench/burst.ts's 1,000 simultaneous patients, spread in turn over
 *    three queues opening at the same minute (numbers 1–, 501–, 1001–), against the one-queue burst of the
 *    same 1,000 patients, each in a fresh process, alternating, on the same run. Like with like: the three
 *    queues' online caps (67, 67, 66) give the same 200 numbers in all as the one queue, so both bursts
 *    write the same numbers for the same callers. Every queue's numbers must come exactly once.
 * 2. A single take in another queue during a burst: in one process with two queues, a patient takes a number
 *    in the second queue, one after another, while 1,000 patients take the first queue's; against the same
 *    take when nothing else happens. Beside it, the oracle: a read that takes no lock at all (getQueues),
 *    timed the same way during the same kind of burst. What a read is stretched by is the process's
 *    CPU and event loop, shared by everything; only what a take is stretched beyond it is the lock.
 */
import { performance } from 'node:perf_hooks';
import { simultaneousCalls } from '../test/support/burst.js';
import { PATIENTS, productRun, type States } from './burst.js';
import { callFn, mintTokens, mustCall, reopen, staffLogin } from './lib/http.js';
import { startProc, stopProc, sleep, type Proc } from './lib/proc.js';
import { median, ms, ratio, type Row } from './lib/stats.js';
import { type PgCluster, prepareStore, STAFF, type StoreKind } from './lib/stores.js';

const NUMBERS = 200;
const FIRSTS = [1, 501, 1001];
/** Each queue's online cap: 200 numbers in all, like the one queue's session. */
const CAPS = [67, 67, 66];
const TARGET_BURST = 1.2;
const TARGET_CROSS = 1.5;
const STATES = ['cold', 'warm'] as const;

/** Adds a queue per first number after the first (ids in `ids`, the first queue's too), capped by `caps` if given. */
async function addQueues(url: string, as: { cookie: string }, firsts: number[], ids: string[], caps?: number[]): Promise<void> {
  ids.length = 0;
  ids.push('main');
  if (caps) await mustCall(url, 'saveAllocationSettings', { keepEvery: 0, onlineCap: caps[0], familyMax: 1 }, as);
  for (const [i, firstNumber] of firsts.slice(1).entries()) {
    const saved = await mustCall(url, 'saveQueue', {
      nameJa: `診察${i + 2}`, nameEn: `Room ${i + 2}`, firstNumber, online: true, onlineCap: caps?.[i + 1] ?? 0, keepEvery: 0, familyMax: 1, hours: null,
    }, as);
    ids.push(String(saved.id));
  }
}

export async function benchBurstQueues(kinds: StoreKind[], reps: number, cluster: PgCluster | null, nodeFlags: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of kinds) {
    const one: States[] = [];
    const three: States[] = [];
    const ids: string[] = [];
    const queues = {
      setup: (url: string, as: { cookie: string }) => addQueues(url, as, FIRSTS, ids, CAPS),
      payload: (i: number) => ({ reservedType: 'PWA', queueId: ids[i % ids.length] }),
      numbers: FIRSTS.flatMap((first, q) => Array.from({ length: CAPS[q] }, (_, i) => first + i)),
    };
    for (let rep = 0; rep < reps; rep++) {
      if (rep % 2 === 0) {
        one.push(await productRun({ kind, cluster, nodeFlags }));
        three.push(await productRun({ kind, cluster, nodeFlags, queues }));
      } else {
        three.push(await productRun({ kind, cluster, nodeFlags, queues }));
        one.push(await productRun({ kind, cluster, nodeFlags }));
      }
      for (const state of STATES) {
        console.log(`    queues ${kind} #${rep + 1} ${state}: three queues p99 ${ms(three.at(-1)![state].p99)} vs one queue ${ms(one.at(-1)![state].p99)}`);
      }
    }
    const scenario = `burst over 3 queues (${kind})`;
    for (const state of STATES) {
      const p99 = median(three.map((m) => m[state].p99));
      const oneP99 = median(one.map((m) => m[state].p99));
      const spread = three.map((m) => ms(m[state].p99)).join(', ');
      rows.push({
        scenario,
        metric: `${state}: p99 of ${PATIENTS} callers over 3 queues (capped ${CAPS.join(' + ')}) vs 1 queue, ${NUMBERS} numbers each, median of ${reps} (each: ${spread}; p50 ${ms(median(three.map((m) => m[state].p50)))} vs ${ms(median(one.map((m) => m[state].p50)))})`,
        product: ms(p99),
        floor: `1 queue ${ms(oneP99)}`,
        ratio: ratio(p99 / oneP99),
        target: `≤ ${TARGET_BURST}×`,
        met: p99 / oneP99 <= TARGET_BURST,
      });
    }
    const problems = [...new Set(three.flatMap((m) => [...m.cold.problems, ...m.warm.problems]))];
    rows.push({
      scenario,
      metric: `outcomes: each queue's first ${CAPS.join(', ')} numbers (1–, 501–, 1001–) once, the rest RESOURCE_EXHAUSTED, every opening`,
      product: problems.length ? problems.join('; ') : 'exact in every opening',
      floor: '–',
      ratio: '–',
      target: 'nothing else',
      met: problems.length === 0,
    });
    rows.push(...(await crossQueue(kind, cluster, nodeFlags, Math.max(3, reps))));
  }
  return rows;
}

/** Latencies of calls made one after another until `until` settles (at least one) or `call` has no more to make. */
async function whileRunning(until: Promise<unknown>, call: () => Promise<boolean>): Promise<number[]> {
  let done = false;
  const stop = () => (done = true);
  until.then(stop, stop);
  const latencies: number[] = [];
  do {
    const t0 = performance.now();
    if (!(await call())) break;
    latencies.push(performance.now() - t0);
  } while (!done);
  return latencies;
}

async function crossQueue(kind: StoreKind, cluster: PgCluster | null, nodeFlags: string[], rounds: number): Promise<Row[]> {
  const bench = await prepareStore(kind, cluster);
  let proc: Proc | undefined;
  try {
    const server = (proc = await startProc({ name: `product (${kind})`, args: [...nodeFlags, 'dist/server/main.js'], env: { ...bench.env, RATE_LIMIT: 'off' } }));
    const as = { cookie: await staffLogin(server.url, STAFF.username, STAFF.password) };
    const ids: string[] = [];
    await addQueues(server.url, as, FIRSTS.slice(0, 2), ids);
    const other = ids[1];
    // The second queue's numbers taken this session: seen to with the burst's before reception starts again.
    const taken: string[] = [];
    const take = (token: string) => async () => {
      const a = await callFn(server.url, 'allocateNextSlot', { reservedType: 'PWA', queueId: other }, { token });
      if (a.status !== 200) throw new Error(`take in ${other}: ${a.status} ${JSON.stringify(a.body)}`);
      taken.push(String(a.body.result!.slotId));
      return true;
    };
    const read = async () => {
      const a = await callFn(server.url, 'getQueues', {});
      if (a.status !== 200) throw new Error(`getQueues: ${a.status}`);
      return true;
    };
    const idle: number[] = [];
    const during: number[] = [];
    const readIdle: number[] = [];
    const readDuring: number[] = [];
    let seenTo: string[] | null = null;
    // A warm-up round first (V8 compiles the request path), then the measured rounds.
    for (let round = 0; round <= rounds; round++) {
      await reopen(server.url, as, seenTo && [...seenTo, ...taken.splice(0)]);
      const burstTokens = await mintTokens(server.url, PATIENTS);
      // More patients than a burst can outlast one at a time (each a patient of their own: one number each).
      const takers = await mintTokens(server.url, 180);
      await sleep(300);
      const idleTakes: number[] = [];
      for (const t of takers.splice(0, 20)) idleTakes.push(await timeOne(take(t)));
      const idleReads: number[] = [];
      for (let i = 0; i < 20; i++) idleReads.push(await timeOne(read));
      // The burst in the first queue, with takes in the second one after another until it is answered.
      let released!: () => void;
      const release = new Promise<void>((resolve) => (released = resolve));
      const burst = simultaneousCalls<{ slotId?: string }>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, burstTokens, 60_000, {}, () => released());
      await release;
      const takes = await whileRunning(burst, async () => {
        const token = takers.shift();
        return token ? take(token)() : false;
      });
      await reopen(server.url, as, [...won(await burst), ...taken.splice(0)]);
      await sleep(300);
      const readTokens = await mintTokens(server.url, PATIENTS);
      let released2!: () => void;
      const release2 = new Promise<void>((resolve) => (released2 = resolve));
      const burst2 = simultaneousCalls<{ slotId?: string }>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, readTokens, 60_000, {}, () => released2());
      await release2;
      const reads = await whileRunning(burst2, read);
      seenTo = won(await burst2);
      if (round === 0) continue;
      idle.push(median(idleTakes));
      readIdle.push(median(idleReads));
      during.push(median(takes));
      readDuring.push(median(reads));
      console.log(`    cross-queue ${kind} #${round}: take idle ${ms(idle.at(-1)!)}, during ${ms(during.at(-1)!)} (${takes.length}); read idle ${ms(readIdle.at(-1)!)}, during ${ms(readDuring.at(-1)!)} (${reads.length})`);
    }
    const scenario = `a take in another queue during a burst (${kind})`;
    const takeRatio = median(during) / median(idle);
    const readRatio = median(readDuring) / median(readIdle);
    return [
      {
        scenario,
        metric: `median take in queue 2 while ${PATIENTS} take queue 1, vs idle; median of ${rounds} rounds (each during: ${during.map(ms).join(', ')})`,
        product: ms(median(during)),
        floor: `idle ${ms(median(idle))}`,
        ratio: ratio(takeRatio),
        target: `≤ ${TARGET_CROSS}×`,
        met: takeRatio <= TARGET_CROSS,
      },
      {
        scenario,
        metric: `oracle: a read taking no lock (getQueues) during the same burst, vs idle (each during: ${readDuring.map(ms).join(', ')}); the take's stretch beyond this is the lock's`,
        product: ms(median(readDuring)),
        floor: `idle ${ms(median(readIdle))}`,
        ratio: ratio(readRatio),
        target: `take ≤ ${TARGET_CROSS}× read`,
        met: median(during) / median(readDuring) <= TARGET_CROSS,
      },
    ];
  } finally {
    if (proc) await stopProc(proc);
    await bench.cleanup();
  }
}

async function timeOne(call: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await call();
  return performance.now() - t0;
}

const won = (answers: { status: number; body: { result?: { slotId?: string } } }[]) =>
  answers.filter((a) => a.status === 200).map((a) => String(a.body.result!.slotId));
