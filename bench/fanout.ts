/**
 * Scenario 2, live fan-out: 2,000 viewers on /api/live/queue of a full session (200 waiting), then a staff
 * action (hold / undo hold of number 100); the time from sending the action until the last viewer has the
 * new frame. Product and floor have their 2,000 viewers connected at once and take turns, so both see the
 * same machine. Also the product's resident memory with everyone connected, and the bytes of the public
 * frame each viewer is written per change (the full session's snapshot; decision 062 keeps it lean).
 * With `queues` 3 (decision 061) the same 200 are spread over three queues, and the frame carries each queue's
 * figures. Viewers open the stream as our screens do, by queue (`?rows=byQueue`, decision 076: each queue's
 * rows in its entry; for one queue the same frame as without it); the floor's three-queue frame says each
 * row's queue too, once per queue, as a minimal server would (bench/floors/floor.ts `?queues=3`).
 */
import { performance } from 'node:perf_hooks';
import { mustCall, staffLogin } from './lib/http.js';
import { type Proc, rssMb, sleep, startProc, stopProc } from './lib/proc.js';
import { openViewers, snapshotFrameBytes, type ViewerPool } from './lib/sse-viewers.js';
import { mb, median, ms, percentile, ratio, type Row } from './lib/stats.js';
import { addBenchClinics, prepareStore, STAFF } from './lib/stores.js';

const VIEWERS = 2000;
const QUEUE = 200;
const TARGET_P99 = 1.25;
const TARGET_RSS_MB = 150;

/**
 * The public frame's size beside the latency: every change writes it to every viewer. The floor's frame is
 * its own fixed rendering of the same session's rows (and their queues), so the ratio says how much the
 * product sends against it, not a target.
 */
export function frameRow(productBytes: number, floorBytes: number, scenario = '2 fan-out', oneListBytes = productBytes): Row {
  const oneList = oneListBytes === productBytes ? '' : `; by queue, one list ${bytes(oneListBytes)}`;
  return {
    scenario,
    metric: `public frame written per change to each viewer, ${QUEUE} waiting (bytes, SSE frame${oneList})`,
    product: bytes(productBytes),
    floor: bytes(floorBytes),
    ratio: ratio(productBytes / floorBytes),
    target: '–',
    met: null,
  };
}

const bytes = (n: number) => `${n.toLocaleString('en-US')} B`;

/** The public stream as our screens open it (src/client/patient/live-queue.ts). */
const PRODUCT_STREAM = '/api/live/queue?rows=byQueue';

/** Sends the action and waits until every viewer has a frame newer than the one it had. */
async function timeAction(pool: ViewerPool, action: () => Promise<unknown>): Promise<number> {
  const target = pool.minId() + 1;
  const everyone = pool.waitAll(target);
  const t0 = performance.now();
  await action();
  return (await everyone) - t0;
}

/**
 * `clinics` > 1 (issue 45): the same clinic's viewers and action in a process that also serves that many
 * clinics less one (each with its own host, runtime and live hub, nobody watching them): a staff action
 * must reach its own clinic's viewers as fast as in a process of one clinic.
 */
export async function benchFanout(reps: number, floor: Proc, nodeFlags: string[], queues = 1, clinics = 1): Promise<Row[]> {
  const scenario = clinics > 1 ? `2 fan-out, ${clinics} clinics in the process` : queues === 1 ? '2 fan-out' : `2 fan-out, ${queues} queues`;
  // 150 MB is the one-clinic process's line; a process of 200 clinics has its idle line (200 MB, measured by
  // bench/clinics-idle.ts) and none with 2,000 viewers: its memory here is reported, not judged.
  const rssTarget = clinics > 1 ? null : TARGET_RSS_MB;
  const bench = await prepareStore('sqlite', null);
  let product: Proc | undefined;
  const pools: ViewerPool[] = [];
  try {
    if (clinics > 1) {
      // The measured clinic is `default`, which answers 127.0.0.1 while it has no host of its own.
      const store = await bench.open();
      try {
        await addBenchClinics(store, clinics);
      } finally {
        await store.close();
      }
    }
    product = await startProc({ name: 'product (fan-out)', args: [...nodeFlags, 'dist/server/main.js'], env: { ...bench.env, RATE_LIMIT: 'off' } });
    const url = product.url;
    const cookie = await staffLogin(url, STAFF.username, STAFF.password);
    const ids = ['main'];
    for (let q = 2; q <= queues; q++) {
      const saved = await mustCall(url, 'saveQueue', { nameJa: `診察${q}`, nameEn: `Room ${q}`, firstNumber: (q - 1) * 500 + 1, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null }, { cookie });
      ids.push(String(saved.id));
    }
    await mustCall(url, 'startInhouseReception', {}, { cookie });
    await mustCall(url, 'startOnlineReception', {}, { cookie });
    let slotId = '';
    for (let i = 1; i <= QUEUE; i++) {
      const taken = await mustCall(url, 'allocateNextSlot', { reservedType: 'ADMIN', queueId: ids[i % ids.length] }, { cookie });
      if (i === QUEUE / 2) slotId = taken.slotId as string;
    }
    const rssIdle = rssMb(product.child.pid!);
    // What each viewer is written per change: the whole snapshot of the full session, as one frame.
    const floorStream = `${floor.url}/api/live/queue${queues === 1 ? '' : `?queues=${queues}`}`;
    const frameBytes = await snapshotFrameBytes(`${url}${PRODUCT_STREAM}`);
    // Beside it, what an outside client of the one list gets (every row of another queue names it).
    const oneListBytes = queues === 1 ? frameBytes : await snapshotFrameBytes(`${url}/api/live/queue`);
    const floorFrameBytes = await snapshotFrameBytes(floorStream);
    const productPool = await openViewers(`${url}${PRODUCT_STREAM}`, VIEWERS);
    pools.push(productPool);
    const floorPool = await openViewers(floorStream, VIEWERS);
    pools.push(floorPool);
    await sleep(1000);
    const rssConnected = rssMb(product.child.pid!);
    const floorRss = rssMb(floor.child.pid!);

    const productTimes: number[] = [];
    const floorTimes: number[] = [];
    let held = false;
    const productAction = () => {
      held = !held;
      return mustCall(url, 'markSlot', { slotId, action: held ? 'hold' : 'undoHold' }, { cookie });
    };
    const floorAction = () => fetch(`${floor.url}/api/fn/markSlot`, { method: 'POST', body: '{}' }).then((r) => r.text());
    // Enough actions that p99 is not simply the slowest one (nearest rank: 100 → the 99th).
    for (let rep = 0; rep < reps; rep++) {
      if (rep % 2 === 0) {
        floorTimes.push(await timeAction(floorPool, floorAction));
        await sleep(80);
        productTimes.push(await timeAction(productPool, productAction));
      } else {
        productTimes.push(await timeAction(productPool, productAction));
        await sleep(80);
        floorTimes.push(await timeAction(floorPool, floorAction));
      }
      await sleep(80);
    }
    const rssAfter = rssMb(product.child.pid!);
    const spread = (xs: number[]) => [50, 90, 99, 100].map((p) => `p${p} ${percentile(xs, p).toFixed(0)}`).join(', ');
    const frame = frameRow(frameBytes, floorFrameBytes, scenario, oneListBytes);
    console.log(`    ${scenario}: product ${spread(productTimes)} ms; floor ${spread(floorTimes)} ms; public frame ${frame.product} vs ${frame.floor} (one list ${bytes(oneListBytes)})`);
    const p99 = percentile(productTimes, 99);
    const floorP99 = percentile(floorTimes, 99);
    const rssPeak = Math.max(rssConnected, rssAfter);
    return [
      {
        scenario,
        metric: `${VIEWERS} viewers, action → last viewer, p99 of ${reps} (median ${ms(median(productTimes))} vs ${ms(median(floorTimes))})`,
        product: ms(p99),
        floor: ms(floorP99),
        ratio: ratio(p99 / floorP99),
        target: `≤ ${TARGET_P99}×`,
        met: p99 / floorP99 <= TARGET_P99,
      },
      {
        scenario,
        metric: `server RSS with ${VIEWERS} connected (before: ${mb(rssIdle)})`,
        product: mb(rssPeak),
        floor: mb(floorRss),
        ratio: ratio(rssPeak / floorRss),
        target: rssTarget === null ? 'none (reported)' : `≤ ${rssTarget} MB`,
        met: rssTarget === null ? null : rssPeak <= rssTarget,
      },
      frame,
    ];
  } finally {
    pools.forEach((p) => p.close());
    if (product) await stopProc(product);
    await bench.cleanup();
  }
}
