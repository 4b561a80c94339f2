/**
 * Scenario `stats` (issue 16): a year of one clinic's history (52 weeks, two sessions a day Monday to Saturday,
 * 200 numbers a session of which about 150 are taken: 124,800 slot rows; test/stats/year-seed.ts), after the
 * retention job has run as it would have, served by the built product on each store. Measured over HTTP with
 * a staff session: a month's statistics with the month before (getStats), and the year's rows as CSV streamed
 * to the end (GET /api/staff/export/slots.csv), with the server's resident memory before and after.
 */
import { performance } from 'node:perf_hooks';
import { applyRetention } from '../src/server/ops/retention.js';
import { seedYear } from '../test/stats/year-seed.js';
import { mustCall, staffLogin } from './lib/http.js';
import { rssMb, startProc, stopProc, type Proc } from './lib/proc.js';
import { mb, median, ms, type Row } from './lib/stats.js';
import { type PgCluster, prepareStore, STAFF, type StoreKind } from './lib/stores.js';

const YEAR = { from: '2025-11-17', weeks: 52, takenPerSession: 150 };
const YEAR_TO = '2026-11-15';
const MONTH = '2026-10-15';
const MONTH_TARGET_MS = 500;
const CSV_TARGET_S = 10;

async function timedCsv(base: string, cookie: string): Promise<{ seconds: number; bytes: number; lines: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/staff/export/slots.csv?from=${YEAR.from}&to=${YEAR_TO}`, { headers: { cookie }, signal: AbortSignal.timeout(120_000) });
  if (res.status !== 200 || !res.body) throw new Error(`CSV export answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  const reader = res.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    bytes += part.value.length;
    for (const b of part.value) if (b === 10) lines++;
  }
  return { seconds: (performance.now() - t0) / 1000, bytes, lines };
}

export async function benchStats(kinds: StoreKind[], cluster: PgCluster | null, reps: number, nodeFlags: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of kinds) {
    const bench = await prepareStore(kind, cluster);
    let proc: Proc | null = null;
    try {
      const store = await bench.open();
      let t0 = performance.now();
      const seeded = await seedYear(store, YEAR);
      console.log(`    ${kind}: seeded ${seeded.slots.toLocaleString('en-US')} slots (${seeded.taken.toLocaleString('en-US')} taken), ${seeded.notices.toLocaleString('en-US')} notices in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      t0 = performance.now();
      await applyRetention(store, { retentionDays: 90, auditRetentionDays: 365 }, new Date(`${YEAR_TO}T12:00:00+09:00`));
      const retentionS = (performance.now() - t0) / 1000;
      await store.close();

      proc = await startProc({ name: `product (${kind})`, args: [...nodeFlags, 'dist/server/main.js'], env: { ...bench.env, RATE_LIMIT: 'off' } });
      const cookie = await staffLogin(proc.url, STAFF.username, STAFF.password);
      await mustCall(proc.url, 'getStats', { period: 'month', date: MONTH }, { cookie }); // warm-up
      const times: number[] = [];
      for (let i = 0; i < reps; i++) {
        const t = performance.now();
        const result = await mustCall(proc.url, 'getStats', { period: 'month', date: MONTH }, { cookie });
        times.push(performance.now() - t);
        const taken = (result.current as { taken: Record<string, number> }).taken;
        if (taken.LINE + taken.PWA + taken.ADMIN < 5000) throw new Error('the month has too few numbers: the seed went wrong');
      }
      const slowest = Math.max(...times);
      rows.push({
        scenario: `stats (${kind})`,
        metric: `getStats month with the month before (Oct + Sep 2026 of ${seeded.taken.toLocaleString('en-US')} numbers taken in the year), over HTTP, median of ${reps} (slowest ${ms(slowest)})`,
        product: ms(median(times)),
        floor: '–',
        ratio: '–',
        target: `< ${MONTH_TARGET_MS} ms (slowest)`,
        met: slowest < MONTH_TARGET_MS,
      });

      const rssBefore = rssMb(proc.child.pid!);
      const csvRuns: Awaited<ReturnType<typeof timedCsv>>[] = [];
      for (let i = 0; i < Math.max(1, Math.min(3, reps)); i++) csvRuns.push(await timedCsv(proc.url, cookie));
      const rssAfter = rssMb(proc.child.pid!);
      const slowestCsv = Math.max(...csvRuns.map((r) => r.seconds));
      const { bytes, lines } = csvRuns[0];
      if (lines - 1 !== seeded.taken) throw new Error(`the CSV has ${lines - 1} rows, expected ${seeded.taken}`);
      rows.push({
        scenario: `stats (${kind})`,
        metric: `a year's rows as CSV (${(lines - 1).toLocaleString('en-US')} rows, ${(bytes / 2 ** 20).toFixed(1)} MB), read to the end, slowest of ${csvRuns.length}`,
        product: `${slowestCsv.toFixed(2)} s`,
        floor: '–',
        ratio: '–',
        target: `< ${CSV_TARGET_S} s`,
        met: slowestCsv < CSV_TARGET_S,
      });
      rows.push({
        scenario: `stats (${kind})`,
        metric: 'server RSS before → after the CSV downloads (streamed, never held whole)',
        product: `${mb(rssBefore)} → ${mb(rssAfter)}`,
        floor: '–',
        ratio: '–',
        target: 'none (diagnostic)',
        met: null,
      });
      rows.push({
        scenario: `stats (${kind})`,
        metric: 'retention job on the seeded year (notices older than 90 days rolled up into notice_daily, owners cleared)',
        product: `${retentionS.toFixed(1)} s`,
        floor: '–',
        ratio: '–',
        target: 'none (diagnostic)',
        met: null,
      });
    } finally {
      if (proc) await stopProc(proc);
      await bench.cleanup();
    }
  }
  return rows;
}
