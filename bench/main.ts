/**
 * `npm run bench`: the benchmarks of issue 7, each against its floor in the same run, written to
 * docs/benchmarks.md. Never part of `npm test`. Every load is bounded, only 127.0.0.1 is targeted, and a
 * watchdog ends the run if anything hangs.
 *
 *   npm run bench                         all scenarios, default repetitions
 *   npm run bench -- --only burst,fanout  some of them (burst, fanout, weight, startup, backup, metrics)
 *   npm run bench -- --only metrics       the burst with metrics off and on, alternating (issue 18)
 *   npm run bench -- --only burst,kept    the burst, and the burst with every 3rd number kept for the desk and
 *                                         an online cap of 100 (issue 35; not in the default set: it doubles the burst's time)
 *   npm run bench -- --only burst,family  the same with families of up to 3 on as well (issue 35, decision 053)
 *   npm run bench -- --only poisoned      the burst clean and with every 5th caller's name poisoned, alternating in
 *                                         one process (issue 42, decision 058; not in the default set, like kept)
 *   npm run bench -- --only queues        the burst spread over three queues against one queue, and a take in a
 *                                         second queue during a first queue's burst (issue 43, decision 061)
 *   npm run bench -- --only clinics       one process serving 200 clinics, idle: its memory and CPU (issue 45)
 *   npm run bench -- --only estimate      the estimated wait on a family of simulated clinics (issues 14 and 36)
 *   npm run bench -- --only stats         a year of history: a month's statistics and a year's CSV (issue 16)
 *   npm run bench -- --reps 3             fewer repetitions (a quick look; the table says how many)
 *   npm run bench -- --stores sqlite      the burst and the backup on one store only
 *   (with --only, docs/benchmarks.md is left alone unless --write is given)
 *   BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench -- --only burst   profile the product
 *   BENCH_FLOOR_FLAGS=…                   the same for the floor
 */
import { benchClinicsIdle } from './clinics-idle.js';
import { benchClinicsBurst } from './clinics-burst.js';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { benchBackup } from './backup.js';
import { benchBurst } from './burst.js';
import { benchBurstKept } from './burst-kept.js';
import { benchBurstPoisoned } from './burst-poisoned.js';
import { benchBurstQueues } from './burst-queues.js';
import { benchEstimate } from './estimate.js';
import { benchEstimateQueues } from './estimate-queues.js';
import { benchFanout } from './fanout.js';
import { benchMetrics } from './metrics.js';
import { benchPageWeight } from './page-weight.js';
import { benchStartup } from './startup.js';
import { benchStats } from './stats.js';
import { run, startProc, stopProc, type Proc } from './lib/proc.js';
import { printRows, type Row } from './lib/stats.js';
import { type PgCluster, startPgCluster } from './lib/stores.js';
import { type Section, writeReport } from './report.js';

const SCENARIOS = ['burst', 'fanout', 'weight', 'startup', 'backup', 'metrics', 'estimate', 'stats', 'kept', 'family', 'poisoned', 'queues', 'clinics', 'clinics-burst', 'fanout-clinics'] as const;
type Scenario = (typeof SCENARIOS)[number];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    reps: { type: 'string' },
    stores: { type: 'string' },
    write: { type: 'boolean' },
  },
});
const only = (values.only?.split(',').map((s) => s.trim()) ?? SCENARIOS.filter((s) => s !== 'kept' && s !== 'family' && s !== 'poisoned' && s !== 'queues' && s !== 'clinics' && s !== 'clinics-burst' && s !== 'fanout-clinics')) as Scenario[];
for (const s of only) if (!SCENARIOS.includes(s)) throw new Error(`unknown scenario ${s} (${SCENARIOS.join(', ')})`);
const reps = values.reps ? Number(values.reps) : undefined;
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

// The whole run must stop by itself, whatever hangs.
const WATCHDOG_MS = 40 * 60_000;
const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60_000} min, giving up`);
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();

async function main() {
  const started = performance.now();
  const sections: Section[] = [];
  let cluster: PgCluster | null = null;
  let pgMissing: string | null = null;
  let floor: Proc | null = null;
  try {
    // The estimate scenario is pure computation: no build for it alone.
    if (only.some((s) => s !== 'estimate')) {
      console.log('bench: building server and client (npm run build)…');
      await run('npm', ['run', 'build:server']);
    }
    let clientBuild: string | null = null;
    // The backup, metrics and poisoned scenarios need no client (the CLI; API calls only): no build for them alone.
    if (only.some((s) => s !== 'backup' && s !== 'metrics' && s !== 'estimate' && s !== 'stats' && s !== 'poisoned' && s !== 'clinics-burst')) {
      try {
        await run('npm', ['run', 'build:client']);
      } catch (err) {
        // The page-weight budget fails the build on purpose; the other scenarios still run on the server.
        clientBuild = String(err instanceof Error ? err.message : err);
      }
    }
    const wantPg = (only.includes('burst') || only.includes('kept') || only.includes('family') || only.includes('poisoned') || only.includes('queues') || only.includes('clinics') || only.includes('clinics-burst') || only.includes('backup') || only.includes('metrics') || only.includes('stats')) && (values.stores ?? 'postgres').includes('postgres');
    if (wantPg) {
      const started = await startPgCluster();
      if ('missing' in started) pgMissing = started.missing;
      else cluster = started;
    }
    const floorFlags = (process.env.BENCH_FLOOR_FLAGS ?? '').split(' ').filter(Boolean);
    // The burst starts its own floor per repetition (bench/burst.ts); the fan-out shares this one.
    if (only.includes('fanout') || only.includes('fanout-clinics')) floor = await startProc({ name: 'floor', args: [...floorFlags, '--import', 'tsx', 'bench/floors/floor.ts'] });
    const attempt = async (scenario: Scenario, title: string, fn: () => Promise<Row[]>, notes: string[] = []) => {
      if (!only.includes(scenario)) return;
      console.log(`bench: ${title}`);
      const t0 = performance.now();
      try {
        const rows = await fn();
        printRows(rows);
        sections.push({ scenario, title, rows, notes, seconds: (performance.now() - t0) / 1000 });
      } catch (err) {
        console.error(err);
        sections.push({ scenario, title, rows: [], notes: [...notes, `FAILED to run: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`], seconds: 0 });
      }
    };

    await attempt('burst', 'Opening burst', async () => {
      const kinds = (['sqlite', 'postgres'] as const).filter((k) => (values.stores ?? k).includes(k) && (k === 'sqlite' || cluster));
      const rows = await benchBurst(kinds, reps ?? 5, floorFlags, cluster, nodeFlags);
      if (pgMissing) rows.push({ scenario: '1 burst (postgres)', metric: 'not measured', product: pgMissing, floor: '–', ratio: '–', target: '≤ 1.6×', met: null });
      return rows;
    }, cluster ? [`PostgreSQL ${cluster.version}: the test suite's throwaway cluster (fsync=off, synchronous_commit=off, 127.0.0.1), server pool 20.`] : []);
    await attempt('kept', 'Opening burst with numbers kept for the desk', async () => {
      const kinds = (['sqlite', 'postgres'] as const).filter((k) => (values.stores ?? k).includes(k) && (k === 'sqlite' || cluster));
      return benchBurstKept(kinds, reps ?? 5, floorFlags, cluster, nodeFlags);
    });
    await attempt('family', 'Opening burst with kept numbers and families', async () => {
      const kinds = (['sqlite', 'postgres'] as const).filter((k) => (values.stores ?? k).includes(k) && (k === 'sqlite' || cluster));
      return benchBurstKept(kinds, reps ?? 5, floorFlags, cluster, nodeFlags, true);
    });
    await attempt('poisoned', 'Opening burst with poisoned names mixed in', async () => {
      const kinds = (['sqlite', 'postgres'] as const).filter((k) => (values.stores ?? k).includes(k) && (k === 'sqlite' || cluster));
      return benchBurstPoisoned(kinds, reps ?? 2, cluster, nodeFlags);
    });
    await attempt('queues', 'Opening burst over three queues, and a take in another queue during a burst', async () => {
      const kinds = (['sqlite', 'postgres'] as const).filter((k) => (values.stores ?? k).includes(k) && (k === 'sqlite' || cluster));
      return benchBurstQueues(kinds, reps ?? 3, cluster, nodeFlags);
    });
    await attempt('clinics', 'Many clinics, idle', async () => {
      const kinds = (['sqlite', 'postgres'] as const).filter((k) => (values.stores ?? k).includes(k) && (k === 'sqlite' || cluster));
      return benchClinicsIdle(kinds, cluster);
    });
    await attempt('clinics-burst', '100 clinics opening in the same minute, three processes', async () => {
      if (!cluster) throw new Error(pgMissing ?? 'PostgreSQL not asked for (--stores)');
      return benchClinicsBurst(cluster, nodeFlags);
    });
    await attempt('metrics', 'Opening burst, metrics off and on', () => {
      const kinds = (['sqlite', 'postgres'] as const).filter((k) => (values.stores ?? k).includes(k) && (k === 'sqlite' || cluster));
      return benchMetrics(kinds, reps ?? 10, cluster, nodeFlags);
    });
    await attempt('fanout', 'Live fan-out', async () => [...(await benchFanout(reps ?? 100, floor!, nodeFlags)), ...(await benchFanout(reps ?? 100, floor!, nodeFlags, 3))]);
    await attempt('fanout-clinics', 'Live fan-out in a process serving 200 clinics', () => benchFanout(reps ?? 100, floor!, nodeFlags, 1, 200));
    await attempt('weight', 'Page weight', () => benchPageWeight(clientBuild, reps ?? 3));
    await attempt('startup', 'Start-up and idle', () => benchStartup(reps ?? 9));
    await attempt('estimate', 'Estimated wait (simulated clinic days)', async () => [...benchEstimate(), ...benchEstimateQueues()]);
    await attempt('backup', 'Backup and restore', async () => {
      const kinds = (['sqlite', 'postgres'] as const).filter((k) => (values.stores ?? k).includes(k) && (k === 'sqlite' || cluster));
      const rows = await benchBackup([...kinds], cluster);
      if (pgMissing) rows.push({ scenario: '5 backup (postgres)', metric: 'not measured', product: pgMissing, floor: '–', ratio: '–', target: '< 60 s', met: null });
      return rows;
    });
    await attempt('stats', 'Statistics and CSV export over a year', async () => {
      const kinds = (['sqlite', 'postgres'] as const).filter((k) => (values.stores ?? k).includes(k) && (k === 'sqlite' || cluster));
      const rows = await benchStats([...kinds], cluster, reps ?? 10, nodeFlags);
      if (pgMissing) rows.push({ scenario: 'stats (postgres)', metric: 'not measured', product: pgMissing, floor: '–', ratio: '–', target: '< 500 ms', met: null });
      return rows;
    });
  } finally {
    if (floor) await stopProc(floor);
    if (cluster) await cluster.stop();
  }
  const minutes = (performance.now() - started) / 60_000;
  // A partial run would replace the table with a partial one: only on request.
  if (values.write ?? !values.only) {
    const file = await writeReport(sections, { reps, minutes, postgres: cluster?.version ?? pgMissing ?? null });
    console.log(`bench: wrote ${file} (${minutes.toFixed(1)} min)`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
