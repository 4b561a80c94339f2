/**
 * Scenario 5, backup and restore: a year and a half of one clinic's history (500 sessions of 200 numbers,
 * 100,000 slot rows) backed up with the real command (`dist/server/cli/backup.js backup`) and restored
 * into an empty store of the same kind (`restore --replace`), on each store. Wall time and the command's
 * peak resident memory (which stays flat only if rows are streamed, never held whole).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedHistory } from '../test/hardening/backup-seed.js';
import { ROOT } from './lib/proc.js';
import { mb, type Row } from './lib/stats.js';
import { type BenchStore, type PgCluster, prepareStore, type StoreKind } from './lib/stores.js';

const SESSIONS = 500;
const PER_SESSION = 200;
const TARGET_S = 60;

interface Measured {
  seconds: number;
  peakMb: number;
  output: string;
}

/** Runs the built CLI in an empty directory (no stray .env) and measures it. */
function cli(args: string[], bench: BenchStore, cwd: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', join(ROOT, 'bench/lib/peak-rss.mjs'), join(ROOT, 'dist/server/cli/backup.js'), ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, ...bench.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 5 * 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const seconds = (performance.now() - t0) / 1000;
      const peak = /bench-peak-rss-kb (\d+)/.exec(output);
      if (code !== 0 || !peak) reject(new Error(`backup ${args[0]} failed (${code}):\n${output.slice(-2000)}`));
      else resolve({ seconds, peakMb: Number(peak[1]) / 1024, output: output.replace(/\s*bench-peak-rss-kb \d+\s*/, '').trim() });
    });
  });
}

async function slotCount(bench: BenchStore): Promise<number> {
  const store = await bench.open();
  try {
    const row = await store.db.selectFrom('reservation_slots').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await store.close();
  }
}

export async function benchBackup(kinds: StoreKind[], cluster: PgCluster | null): Promise<Row[]> {
  const rows: Row[] = [];
  const slots = SESSIONS * PER_SESSION;
  for (const kind of kinds) {
    const dir = mkdtempSync(join(tmpdir(), 'cq-bench-backup-'));
    const source = await prepareStore(kind, cluster);
    const target = await prepareStore(kind, cluster);
    try {
      const seeding = await source.open();
      const t0 = performance.now();
      await seedHistory(seeding, { sessions: SESSIONS, slotsPerSession: PER_SESSION });
      await seeding.close();
      console.log(`    ${kind}: seeded ${slots.toLocaleString('en-US')} slots in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const file = join(dir, 'clinic.backup');
      const backup = await cli(['backup', file], source, dir);
      const restore = await cli(['restore', file, '--replace'], target, dir);
      console.log(`    ${kind}: ${backup.output}; ${restore.output}`);
      const restored = await slotCount(target);
      if (restored !== slots) throw new Error(`restore left ${restored} slots, expected ${slots}`);
      const size = `${(statSync(file).size / 2 ** 20).toFixed(1)} MB file`;
      for (const [step, m] of [['backup', backup], ['restore', restore]] as const) {
        rows.push({
          scenario: `5 backup (${kind})`,
          metric: `${step} of ${slots.toLocaleString('en-US')} slots (${SESSIONS} sessions × ${PER_SESSION}; ${size}), wall time of the command`,
          product: `${m.seconds.toFixed(1)} s`,
          floor: '–',
          ratio: '–',
          target: `< ${TARGET_S} s`,
          met: m.seconds < TARGET_S,
        });
        rows.push({
          scenario: `5 backup (${kind})`,
          metric: `${step}: peak RSS of the command (rows streamed, never the whole file)`,
          product: mb(m.peakMb),
          floor: '–',
          ratio: '–',
          target: 'none (diagnostic)',
          met: null,
        });
      }
    } finally {
      await source.cleanup();
      await target.cleanup();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}
