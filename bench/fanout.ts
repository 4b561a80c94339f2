/**
 * Scenario 2, live fan-out: 2,000 viewers on /api/live/queue of a full session (200 waiting), then a staff
 * action (hold / undo hold of number 100); the time from sending the action until the last viewer has the
 * new frame. Product and floor have their 2,000 viewers connected at once and take turns, so both see the
 * same machine. Also the product's resident memory with everyone connected.
 */
import { performance } from 'node:perf_hooks';
import { mustCall, staffLogin } from './lib/http.js';
import { type Proc, rssMb, sleep, startProc, stopProc } from './lib/proc.js';
import { openViewers, type ViewerPool } from './lib/sse-viewers.js';
import { mb, median, ms, percentile, ratio, type Row } from './lib/stats.js';
import { prepareStore, STAFF } from './lib/stores.js';

const VIEWERS = 2000;
const QUEUE = 200;
const TARGET_P99 = 1.25;
const TARGET_RSS_MB = 150;

/** Sends the action and waits until every viewer has a frame newer than the one it had. */
async function timeAction(pool: ViewerPool, action: () => Promise<unknown>): Promise<number> {
  const target = pool.minId() + 1;
  const everyone = pool.waitAll(target);
  const t0 = performance.now();
  await action();
  return (await everyone) - t0;
}

export async function benchFanout(reps: number, floor: Proc, nodeFlags: string[]): Promise<Row[]> {
  const bench = await prepareStore('sqlite', null);
  let product: Proc | undefined;
  const pools: ViewerPool[] = [];
  try {
    product = await startProc({ name: 'product (fan-out)', args: [...nodeFlags, 'dist/server/main.js'], env: { ...bench.env, RATE_LIMIT: 'off' } });
    const url = product.url;
    const cookie = await staffLogin(url, STAFF.username, STAFF.password);
    await mustCall(url, 'startInhouseReception', {}, { cookie });
    await mustCall(url, 'startOnlineReception', {}, { cookie });
    let slotId = '';
    for (let i = 1; i <= QUEUE; i++) {
      const taken = await mustCall(url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
      if (i === QUEUE / 2) slotId = taken.slotId as string;
    }
    const rssIdle = rssMb(product.child.pid!);
    const productPool = await openViewers(`${url}/api/live/queue`, VIEWERS);
    pools.push(productPool);
    const floorPool = await openViewers(`${floor.url}/api/live/queue`, VIEWERS);
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
    console.log(`    fan-out: product ${spread(productTimes)} ms; floor ${spread(floorTimes)} ms`);
    const p99 = percentile(productTimes, 99);
    const floorP99 = percentile(floorTimes, 99);
    const rssPeak = Math.max(rssConnected, rssAfter);
    return [
      {
        scenario: '2 fan-out',
        metric: `${VIEWERS} viewers, action → last viewer, p99 of ${reps} (median ${ms(median(productTimes))} vs ${ms(median(floorTimes))})`,
        product: ms(p99),
        floor: ms(floorP99),
        ratio: ratio(p99 / floorP99),
        target: `≤ ${TARGET_P99}×`,
        met: p99 / floorP99 <= TARGET_P99,
      },
      {
        scenario: '2 fan-out',
        metric: `server RSS with ${VIEWERS} connected (before: ${mb(rssIdle)})`,
        product: mb(rssPeak),
        floor: mb(floorRss),
        ratio: ratio(rssPeak / floorRss),
        target: `≤ ${TARGET_RSS_MB} MB`,
        met: rssPeak <= TARGET_RSS_MB,
      },
    ];
  } finally {
    pools.forEach((p) => p.close());
    if (product) await stopProc(product);
    await bench.cleanup();
  }
}
