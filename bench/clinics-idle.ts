/**
 * Many clinics, idle (issue 45; decision 078): one server process serving 200 clinics, each with its own
 * runtime (deps, live hub, timers), on each store. Resident memory after a minute's idle, against the target
 * of 200 MB a process, and the CPU the process spends idle meanwhile (its timers), against the same process
 * serving one clinic. The burst of 100 clinics at once over three processes is not measured here.
 */
import { cpuSplit, probe, rssMb, sleep, startProc, stopProc } from './lib/proc.js';
import { mb, type Row } from './lib/stats.js';
import { addBenchClinics, type PgCluster, prepareStore, type StoreKind } from './lib/stores.js';

const CLINICS = 200;
const TARGET_RSS_MB = 200;
const SETTLE_MS = 15_000;
const IDLE_MS = 30_000;

async function idle(kind: StoreKind, cluster: PgCluster | null, clinics: number): Promise<{ rss: number; cpuMs: number }> {
  const bench = await prepareStore(kind, cluster);
  try {
    const store = await bench.open();
    try {
      await addBenchClinics(store, clinics);
    } finally {
      await store.close();
    }
    const proc = await startProc({ name: `${clinics} clinics`, args: ['dist/server/main.js'], env: bench.env });
    try {
      await probe(`${proc.url}/healthz`);
      await sleep(SETTLE_MS);
      const before = cpuSplit(proc.child.pid!).total;
      await sleep(IDLE_MS);
      return { rss: rssMb(proc.child.pid!), cpuMs: cpuSplit(proc.child.pid!).total - before };
    } finally {
      await stopProc(proc);
    }
  } finally {
    await bench.cleanup();
  }
}

export async function benchClinicsIdle(kinds: StoreKind[], cluster: PgCluster | null): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of kinds) {
    const one = await idle(kind, cluster, 1);
    const many = await idle(kind, cluster, CLINICS);
    console.log(`    ${kind}: 1 clinic ${mb(one.rss)}, ${one.cpuMs.toFixed(0)} ms CPU; ${CLINICS} clinics ${mb(many.rss)}, ${many.cpuMs.toFixed(0)} ms CPU in ${IDLE_MS / 1000} s`);
    rows.push(
      {
        scenario: `clinics idle (${kind})`,
        metric: `resident memory of one process serving ${CLINICS} clinics, after ${(SETTLE_MS + IDLE_MS) / 1000} s idle`,
        product: mb(many.rss),
        floor: `${mb(one.rss)} (one clinic)`,
        ratio: '–',
        target: `≤ ${TARGET_RSS_MB} MB`,
        met: many.rss <= TARGET_RSS_MB,
      },
      {
        scenario: `clinics idle (${kind})`,
        metric: `CPU spent idle in ${IDLE_MS / 1000} s (every clinic's timers)`,
        product: `${many.cpuMs.toFixed(0)} ms`,
        floor: `${one.cpuMs.toFixed(0)} ms (one clinic)`,
        ratio: '–',
        target: 'none (reported)',
        met: null,
      },
    );
  }
  return rows;
}
