/**
 * Stores for the bench: a SQLite file in a temp dir, or a fresh database in a throwaway PostgreSQL cluster.
 * The cluster comes from the tests' own helper (test/support/pg-cluster.ts: initdb as the `postgres` user,
 * 127.0.0.1 only), reused rather than copied; it is destroyed when the bench ends, however it ends.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { findPgBindir, startPgCluster as startTestCluster } from '../../test/support/pg-cluster.js';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { addClinic } from '../../src/server/ops/clinics.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import { openPostgresStore } from '../../src/server/storage/postgres.js';
import type { Store } from '../../src/server/storage/port.js';

export type StoreKind = 'sqlite' | 'postgres';
export const STAFF = { username: 'bench', password: 'bench-password-1' };

export interface PgCluster {
  adminUrl: string;
  version: string;
  stop(): Promise<void>;
}

/** Starts the cluster, or says why it cannot (this machine has no PostgreSQL server binaries). */
export async function startPgCluster(): Promise<PgCluster | { missing: string }> {
  const bindir = findPgBindir();
  if (!bindir) return { missing: 'no PostgreSQL server binaries (initdb, pg_ctl) on this machine' };
  const cluster = await startTestCluster(bindir);
  // A bench killed by its watchdog or ^C must not leave a postmaster behind.
  const onExit = () => cluster.destroy();
  process.once('exit', onExit);
  const version = await withClient(cluster.url, async (c) => (await c.query<{ server_version: string }>('show server_version')).rows[0].server_version);
  return {
    adminUrl: cluster.url,
    version,
    async stop() {
      process.off('exit', onExit);
      cluster.destroy();
    },
  };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createPgDatabase(adminUrl: string): Promise<string> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPgDatabase(adminUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^bench_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  await withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
}

/** A store the product will run on: migrated, with one staff account. `env` starts the server on it. */
export interface BenchStore {
  kind: StoreKind;
  env: Record<string, string>;
  /** The SQLite file, or the database URL. */
  location: string;
  open(): Promise<Store>;
  cleanup(): Promise<void>;
}

export async function prepareStore(kind: StoreKind, cluster: PgCluster | null): Promise<BenchStore> {
  let bench: BenchStore;
  const dataDir = mkdtempSync(join(tmpdir(), 'cq-bench-'));
  // A fixed secret: the server starts without generating one, like a configured installation.
  // Switching off: a real window edge of the default calendar must not stop reception inside a scenario.
  const base = { DATA_DIR: dataDir, TOKEN_SECRET: randomBytes(32).toString('hex'), SCHEDULE_SWITCHING: 'off' };
  if (kind === 'sqlite') {
    const file = join(dataDir, 'clinic-queue.sqlite');
    bench = { kind, env: base, location: file, open: () => openSqliteStore(file), cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  } else {
    if (!cluster) throw new Error('no PostgreSQL cluster');
    const url = await createPgDatabase(cluster.adminUrl);
    bench = {
      kind,
      env: { ...base, DATABASE_URL: url },
      location: url,
      open: () => openPostgresStore(url, { poolSize: 2 }),
      async cleanup() {
        await dropPgDatabase(cluster.adminUrl, url);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const store = await bench.open();
  try {
    await addStaffAccount(store, STAFF.username, STAFF.password);
  } finally {
    await store.close();
  }
  return bench;
}

/** Reserved slots of the current session and how many distinct owners hold them (verification). */
export async function reservedSlots(bench: BenchStore): Promise<{ reserved: number; owners: number }> {
  const row = await queryOne(
    bench,
    `select count(*) as reserved, count(distinct owner_id) as owners from reservation_slots
      where is_reserved = 1 and session_id = (select current_session_id from runtime where id = 1)`,
  );
  return { reserved: Number(row.reserved), owners: Number(row.owners) };
}

/** The runtime row's version: every committed write bumps it under the row lock (decision 001). */
export async function runtimeVersion(bench: BenchStore): Promise<number> {
  return Number((await queryOne(bench, 'select version from runtime where id = 1')).version);
}

/** One row of a read on the bench's store, from outside the product (read-only on SQLite). */
async function queryOne(bench: BenchStore, query: string): Promise<Record<string, unknown>> {
  if (bench.kind === 'sqlite') {
    const db = new Sqlite(bench.location, { readonly: true });
    try {
      return db.prepare(query).get() as Record<string, unknown>;
    } finally {
      db.close();
    }
  }
  return withClient(bench.location, async (c) => (await c.query<Record<string, unknown>>(query)).rows[0]);
}

/**
 * Makes a deployment of `clinics` clinics on `store`: `default` is already there, and c1 … c(n-1) are added,
 * each with its name and its one host (`hostOf`), as `npm run clinic -- add` would.
 */
export async function addBenchClinics(store: Store, clinics: number, hostOf = (id: string) => `${id}.example.jp`): Promise<void> {
  const now = new Date().toISOString();
  for (let i = 1; i < clinics; i++) await addClinic(store, `c${i}`, `クリニック${i}`, [hostOf(`c${i}`)], now);
}
