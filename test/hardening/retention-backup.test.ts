import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRetention } from '../../src/server/ops/retention.js';
import { BACKUP_TABLES, restoreBackup, writeBackup } from '../../src/server/ops/backup.js';
import type { Store } from '../../src/server/storage/port.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { openTestStore, pgAvailable, type TestStore } from '../support/stores.js';

const run = promisify(execFile);
const DAY = 24 * 3600_000;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** A server with some history: a session, walk-ins, a patient with a push subscription, audit rows. */
async function populated(): Promise<{ s: TestServer; patient: { uid: string; token: string } }> {
  const s = await startTestServer({ env: { PUSH_ALLOWED_HOSTS: 'push.example' } });
  cleanups.push(() => s.close());
  const cookie = await staffCookie(s.url, s.store);
  await mustCall(s.url, 'startInhouseReception', {}, { cookie });
  await mustCall(s.url, 'startOnlineReception', {}, { cookie });
  await mustCall(s.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
  const patient = await pwaPatient(s.url);
  const subscription = { endpoint: 'https://push.example/sub/1', keys: { p256dh: 'BO8dzzd8sHhNks4Magf8yEuCzL0Skx9SLpmc3HbzV6IIKlrBiWfupDMD-RTxHRLFC31JIoHISOTpCWbpHHBfQJQ', auth: 'ntWPPzVLpxSN3hPZ58HeSw' } };
  await mustCall(s.url, 'saveSafariSubscription', { subscription }, { token: patient.token });
  await mustCall(s.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
  return { s, patient };
}

async function tables(store: Store) {
  const out: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES) {
    const rows = await store.db.selectFrom(table).selectAll().execute();
    out[table] = rows
      .map((r) => (table === 'runtime' ? { ...r, version: 0 } : r))
      .map((r) => JSON.stringify(r))
      .sort();
  }
  return out;
}

describe('retention of personal data', () => {
  it('removes owners, notices, subscriptions and idle identities older than the period, and keeps the rest', async () => {
    const { s, patient } = await populated();
    const db = s.store.db;
    const later = new Date(Date.now() + 91 * DAY);
    await applyRetention(s.store, { retentionDays: 90, auditRetentionDays: 365 }, new Date());
    expect(await db.selectFrom('push_subscriptions').selectAll().execute()).toHaveLength(1); // nothing old yet

    // A family member's short name (decision 053) is personal data too: it goes with the owner.
    await db.updateTable('reservation_slots').set({ member_name: 'たろう' }).where('owner_id', 'is not', null).execute();
    await applyRetention(s.store, { retentionDays: 90, auditRetentionDays: 365 }, later);
    const slots = await db.selectFrom('reservation_slots').selectAll().where('is_reserved', '=', 1).execute();
    expect(slots).toHaveLength(2);
    expect(slots.every((slot) => slot.owner_id === null && slot.member_name === null)).toBe(true);
    expect(await db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('pwa_users').selectAll().where('uid', '=', patient.uid).execute()).toEqual([]);
    expect(await db.selectFrom('outbox').selectAll().where('status', 'in', ['sent', 'failed']).execute()).toEqual([]);
    expect(await db.selectFrom('audit_log').selectAll().execute()).not.toEqual([]); // audit keeps a year
    expect(await db.selectFrom('staff_sessions').selectAll().execute()).toEqual([]); // expired long ago

    await applyRetention(s.store, { retentionDays: 90, auditRetentionDays: 365 }, new Date(Date.now() + 366 * DAY));
    expect(await db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
  });
});

describe('backup and restore', () => {
  const targets: ('sqlite' | 'postgres')[] = pgAvailable() || process.env.REQUIRE_POSTGRES ? ['sqlite', 'postgres'] : ['sqlite'];

  it.each(targets)('a SQLite backup restores into %s with every row equal', async (kind) => {
    const { s } = await populated();
    const lines: string[] = [];
    const rows = await writeBackup(s.store, (line) => void lines.push(line));
    expect(rows).toBeGreaterThan(200);

    const target: TestStore = await openTestStore(kind);
    cleanups.push(() => target.cleanup());
    expect(await restoreBackup(target.store, lines)).toBe(rows);
    expect(await tables(target.store)).toEqual(await tables(s.store));
    const version = (st: Store) => st.db.selectFrom('runtime').select('version').executeTakeFirstOrThrow();
    expect((await version(target.store)).version).toBeGreaterThan(0);
  });

  it('refuses a file that is not a backup and changes nothing', async () => {
    const target = await openTestStore('sqlite');
    cleanups.push(() => target.cleanup());
    await expect(restoreBackup(target.store, ['{"hello":1}'])).rejects.toThrow(/not a clinic-queue backup/);
    expect(await target.store.db.selectFrom('runtime').selectAll().execute()).toHaveLength(1);
  });

  it('works from the command line: backup one data dir, restore into another', async () => {
    const { s } = await populated();
    const dir = mkdtempSync(join(tmpdir(), 'cq-backup-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'clinic.backup');
    const cli = (args: string[], dataDir: string) =>
      run(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir } });
    // Stop the server but keep its data dir: the CLI reads the same SQLite file, as on a clinic's machine.
    await s.app.close();
    await s.store.close();
    cleanups.pop();
    const backup = await cli(['backup', file], s.dataDir);
    expect(backup.stdout).toMatch(/backup written .* rows, sqlite/);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toContain('clinic-queue-backup/1');
    await expect(cli(['restore', file], join(dir, 'other'))).rejects.toMatchObject({ code: 2 });
    const restore = await cli(['restore', file, '--replace'], join(dir, 'other'));
    expect(restore.stdout).toMatch(/restored \d+ rows/);
    const source = await openSqliteStore(join(s.dataDir, 'clinic-queue.sqlite'));
    const copy = await openSqliteStore(join(dir, 'other', 'clinic-queue.sqlite'));
    try {
      expect((await tables(copy)).reservation_slots).toHaveLength(200);
      expect(await tables(copy)).toEqual(await tables(source));
    } finally {
      await source.close();
      await copy.close();
    }
    rmSync(s.dataDir, { recursive: true, force: true });
  });
});
