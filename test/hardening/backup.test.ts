/**
 * Backups are one snapshot and restore trusts nothing in its file (issue 12), on both stores: a write
 * committed while the backup is between tables is wholly absent; every kind of bad file is refused with
 * its line and leaves the store as it was; a backup restores row for row; the CLI writes owner-only files
 * and never overwrites one.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreBackup, writeBackup } from '../../src/server/ops/backup.js';
import type { Store } from '../../src/server/storage/port.js';
import { describeStores, openTestStore, pgAvailable, type StoreKind, type TestStore } from '../support/stores.js';
import { seedHistory } from './backup-seed.js';
import { dumpDifference, dumpStore } from './store-dump.js';

const run = promisify(execFile);
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function store(kind: StoreKind): Promise<TestStore> {
  const t = await openTestStore(kind);
  cleanups.push(() => t.cleanup());
  return t;
}

async function backupLines(source: Store): Promise<string[]> {
  const lines: string[] = [];
  await writeBackup(source, (line) => void lines.push(line));
  return lines;
}

const lastIndexOf = (lines: string[], table: string) => lines.findLastIndex((l) => l.startsWith(`{"table":"${table}"`));
const edit = (line: string, fn: (entry: { table: string; row: Record<string, unknown> }) => void) => {
  const entry = JSON.parse(line) as { table: string; row: Record<string, unknown> };
  fn(entry);
  return JSON.stringify(entry);
};

/** Each bad file: what to do to a good one, the line (1-based) it must be refused at, and why. */
const BAD_FILES: { name: string; make(lines: string[]): { lines: string[]; line: number }; problem: RegExp }[] = [
  { name: 'bad JSON on the last line', make: (l) => ({ lines: [...l.slice(0, -1), l.at(-1)!.slice(0, 30)], line: l.length }), problem: /not JSON/ },
  {
    name: 'an unknown table',
    make: (l) => {
      const i = lastIndexOf(l, 'rate_counters');
      return { lines: l.with(i, l[i].replace('"rate_counters"', '"rate_counter"')), line: i + 1 };
    },
    problem: /unknown table "rate_counter"/,
  },
  {
    name: 'a column of the wrong type',
    make: (l) => {
      const i = lastIndexOf(l, 'reservation_slots') - 1;
      return { lines: l.with(i, edit(l[i], (e) => (e.row.owner_id = 42))), line: i + 1 };
    },
    problem: /bad reservation_slots row: owner_id/,
  },
  {
    name: 'a column too many',
    make: (l) => {
      const i = lastIndexOf(l, 'audit_log');
      return { lines: l.with(i, edit(l[i], (e) => (e.row.ip = '203.0.113.9'))), line: i + 1 };
    },
    problem: /bad audit_log row: .*ip/,
  },
  {
    name: 'a column missing',
    make: (l) => {
      const i = lastIndexOf(l, 'pwa_users');
      return { lines: l.with(i, edit(l[i], (e) => delete e.row.created_at)), line: i + 1 };
    },
    problem: /bad pwa_users row: created_at/,
  },
  {
    name: 'a null where the column may not be null',
    make: (l) => {
      const i = lastIndexOf(l, 'rate_counters');
      return { lines: l.with(i, edit(l[i], (e) => (e.row.count = null))), line: i + 1 };
    },
    problem: /bad rate_counters row: count/,
  },
  { name: 'no header', make: (l) => ({ lines: l.slice(1), line: 1 }), problem: /header missing/ },
  {
    name: 'a header of another format',
    make: (l) => ({ lines: l.with(0, l[0].replace('clinic-queue-backup/1', 'clinic-queue-backup/9')), line: 1 }),
    problem: /not a clinic-queue backup file/,
  },
  {
    name: 'tables out of order (a user after the subscriptions)',
    make: (l) => {
      const user = lastIndexOf(l, 'pwa_users');
      const subs = lastIndexOf(l, 'push_subscriptions');
      return { lines: [...l.slice(0, user), ...l.slice(user + 1, subs + 1), l[user], ...l.slice(subs + 1)], line: subs + 1 };
    },
    problem: /table pwa_users after push_subscriptions/,
  },
  {
    name: 'a row twice (the store refuses it)',
    make: (l) => {
      const first = lastIndexOf(l, 'reception_sessions') + 1;
      // The duplicate goes into the first chunk of inserts, which starts at the first slot's line.
      return { lines: [...l.slice(0, first + 1), l[first], ...l.slice(first + 1)], line: first + 1 };
    },
    problem: /the store refused the reservation_slots rows of lines/,
  },
  { name: 'a header and nothing else', make: (l) => ({ lines: l.slice(0, 1), line: 1 }), problem: /ends without a runtime row/ },
];

describeStores('backup and restore', (kind) => {
  it('is one snapshot: a sign-up committed while the backup is between tables is not in the file, and the file restores', async () => {
    const t = await store(kind);
    await seedHistory(t.store, { sessions: 1, slotsPerSession: 10 });
    const other = await t.reopen(); // another connection (another server process)
    const lines: string[] = [];
    let paused = false;
    await writeBackup(t.store, async (line) => {
      lines.push(line);
      if (paused || !line.startsWith('{"table":"pwa_users"')) return;
      paused = true;
      // The users are read; a new patient signs up and subscribes before the subscriptions are read.
      await other.db.transaction().execute(async (tx) => {
        await tx.insertInto('pwa_users').values({ uid: 'PWA_late', created_at: new Date().toISOString() }).execute();
        await tx
          .insertInto('push_subscriptions')
          .values({ endpoint: 'https://push.example/late', uid: 'PWA_late', p256dh: 'B'.repeat(87), auth: 'a'.repeat(22), created_at: new Date().toISOString() })
          .execute();
      });
    });
    expect(paused).toBe(true);
    expect(await t.store.db.selectFrom('push_subscriptions').select('uid').where('uid', '=', 'PWA_late').execute()).toHaveLength(1);
    expect(lines.filter((l) => l.includes('PWA_late'))).toEqual([]);
    const copy = await store(kind);
    await expect(restoreBackup(copy.store, lines)).resolves.toBe(lines.length - 1);
  });

  describe('refuses a bad file, naming its line, and leaves the store exactly as it was', () => {
    let t: TestStore;
    let good: string[];
    beforeEach(async () => {
      t = await store(kind);
      await seedHistory(t.store, { sessions: 3, slotsPerSession: 200, rateCounters: 20 });
      good = await backupLines(t.store);
      // The store moves on after the backup, so a restore that went through (even half) would show.
      await t.store.db.insertInto('reception_sessions').values({ id: 'after-backup', opened_at: new Date().toISOString(), closed_at: null }).execute();
    });

    it.each(BAD_FILES)('$name', async ({ make, problem }) => {
      const before = await dumpStore(t.store);
      const bad = make(good);
      await expect(restoreBackup(t.store, bad.lines)).rejects.toMatchObject({
        line: bad.line,
        message: expect.stringMatching(new RegExp(`line ${bad.line}: ${problem.source}`)),
      });
      expect(dumpDifference(before, await dumpStore(t.store))).toEqual({});
    });

    it('and the good file restores over it', async () => {
      await expect(restoreBackup(t.store, good)).resolves.toBe(good.length - 1);
      expect(await t.store.db.selectFrom('reception_sessions').select('id').where('id', '=', 'after-backup').execute()).toEqual([]);
    });
  });

  it.each(pgAvailable() ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const))(
    'round trip: a backup restores into %s with every row equal, paging past one page of rows',
    async (target) => {
      const source = await store(kind);
      await seedHistory(source.store, { sessions: 6, slotsPerSession: 200, rateCounters: 1100 });
      const lines = await backupLines(source.store);
      expect(lines.filter((l) => l.startsWith('{"table":"reservation_slots"'))).toHaveLength(1200);
      expect(lines.filter((l) => l.startsWith('{"table":"rate_counters"'))).toHaveLength(1100);
      const copy = await store(target);
      await expect(restoreBackup(copy.store, lines)).resolves.toBe(lines.length - 1);
      const withoutVersion = async (s: Store) => ({ ...(await s.db.selectFrom('runtime').selectAll().executeTakeFirstOrThrow()), version: 0 });
      expect(dumpDifference(await dumpStore(source.store, ['runtime']), await dumpStore(copy.store, ['runtime']))).toEqual({});
      expect(await withoutVersion(copy.store)).toEqual(await withoutVersion(source.store));
    },
  );

  it('the command line writes the file owner-only, even under umask 000, never overwrites a file, and names a bad line', async () => {
    const t = await store(kind);
    const dir = mkdtempSync(join(tmpdir(), 'cq-backup-mode-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // PostgreSQL: the test's database; SQLite: a data dir of the CLI's own.
    const env = { ...process.env, DATA_DIR: join(dir, 'data'), ...(t.url ? { DATABASE_URL: t.url } : {}) };
    // `touch` proves the umask took effect: a plain new file is world-writable under it.
    const cli = (file: string) =>
      run('sh', ['-c', 'umask 000 && touch "$0.probe" && exec "$1" --import tsx src/server/cli/backup.ts backup "$0"', file, process.execPath], { env });

    const file = join(dir, 'clinic.backup');
    await cli(file);
    expect(statSync(`${file}.probe`).mode & 0o777).toBe(0o666);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').split('\n')[1]).toMatch(/^\{"table":"runtime"/);

    const existing = join(dir, 'existing.backup');
    writeFileSync(existing, 'keep me', { mode: 0o644 });
    await expect(cli(existing)).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/already exists/) });
    expect(readFileSync(existing, 'utf8')).toBe('keep me');
    expect(statSync(existing).mode & 0o777).toBe(0o644);

    // And the restore command says which line of a bad file is wrong.
    const bad = join(dir, 'bad.backup');
    writeFileSync(bad, `${readFileSync(file, 'utf8').split('\n')[0]}\n{"table":"runtime","row":{"id":1}}\n`);
    const restore = run(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', 'restore', bad, '--replace'], { env });
    await expect(restore).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/line 2: bad runtime row: inhouse_on/) });
  });
});
