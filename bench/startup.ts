/**
 * Scenario 4, start-up and idle: time from spawn until /healthz answers 200, on an existing SQLite store,
 * against a bare Fastify server with one route started the same way (`node <file>.js`); then resident
 * memory after a short idle. Alternating order, medians of the repetitions. The product's starts after the
 * first run from V8's code cache, as a clinic's do (decision 029); the first start is reported on its own.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { probe, type Proc, ROOT, rssMb, sleep, startProc, stopProc } from './lib/proc.js';
import { mb, median, ms, ratio, type Row } from './lib/stats.js';
import { prepareStore } from './lib/stores.js';

/** Issue 17: start-up within 1.3× a bare Fastify (the idle RSS row keeps its 1.5×). */
const TARGET = 1.3;
const TARGET_RSS = 1.5;
const IDLE_MS = 2000;

interface Sample {
  readyMs: number;
  rss: number;
}

async function sample(name: string, args: string[], env: Record<string, string>): Promise<Sample> {
  let proc: Proc | undefined;
  try {
    const started = await startProc({ name, args, env, pollMs: 2 });
    proc = started;
    // Idle, after one request: what a waiting server holds, not what start-up briefly touched.
    await probe(`${started.url}/healthz`);
    await sleep(IDLE_MS);
    return { readyMs: started.readyMs, rss: rssMb(started.child.pid!) };
  } finally {
    if (proc) await stopProc(proc);
  }
}

export async function benchStartup(reps: number): Promise<Row[]> {
  const bench = await prepareStore('sqlite', null);
  try {
    // An existing store: the product has run on it once (migrations applied, keys written).
    // Started as a clinic runs it: with the calendar's switching (and its catch-up at start) on.
    const env = { ...bench.env, SCHEDULE_SWITCHING: 'on' };
    // The first start after a build compiles the bundle and writes V8's code cache (decision 029); every
    // later start, the ones measured below, runs from it. Its own time is reported beside them.
    rmSync(join(ROOT, 'dist/server/.cache'), { recursive: true, force: true });
    const first = await sample('product (first start)', ['dist/server/main.js'], env);
    const product: Sample[] = [];
    const bare: Sample[] = [];
    const runProduct = async () => product.push(await sample('product', ['dist/server/main.js'], env));
    const runBare = async () => bare.push(await sample('bare fastify', ['bench/floors/bare-fastify.mjs'], {}));
    // One unmeasured start of each warms the disk cache, so the first measured one is not an outlier.
    await sample('bare fastify (warm-up)', ['bench/floors/bare-fastify.mjs'], {});
    for (let rep = 0; rep < reps; rep++) {
      if (rep % 2 === 0) {
        await runBare();
        await runProduct();
      } else {
        await runProduct();
        await runBare();
      }
    }
    console.log(`    start-up: product ${product.map((s) => s.readyMs.toFixed(0)).join(' ')} ms; bare ${bare.map((s) => s.readyMs.toFixed(0)).join(' ')} ms`);
    const ready = median(product.map((s) => s.readyMs));
    const bareReady = median(bare.map((s) => s.readyMs));
    const rss = median(product.map((s) => s.rss));
    const bareRss = median(bare.map((s) => s.rss));
    return [
      {
        scenario: '4 start-up',
        metric: `time to ready (/healthz 200), existing SQLite store, median of ${reps}`,
        product: ms(ready),
        floor: `${ms(bareReady)} (bare Fastify)`,
        ratio: ratio(ready / bareReady),
        target: `≤ ${TARGET}×`,
        met: ready / bareReady <= TARGET,
      },
      {
        scenario: '4 start-up',
        metric: 'time to ready, the first start after a build (compiles, then writes the code cache), 1 sample',
        product: ms(first.readyMs),
        floor: `${ms(bareReady)} (bare Fastify)`,
        ratio: ratio(first.readyMs / bareReady),
        target: 'none (diagnostic)',
        met: null,
      },
      {
        scenario: '4 start-up',
        metric: `idle RSS ${IDLE_MS / 1000} s after ready, median of ${reps}`,
        product: mb(rss),
        floor: `${mb(bareRss)} (bare Fastify)`,
        ratio: ratio(rss / bareRss),
        target: `≤ ${TARGET_RSS}×`,
        met: rss / bareRss <= TARGET_RSS,
      },
    ];
  } finally {
    await bench.cleanup();
  }
}
