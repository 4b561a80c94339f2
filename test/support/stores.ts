/**
 * Real stores for tests: a SQLite file in a temp dir, or a fresh database in the run's PostgreSQL cluster
 * (test/setup/postgres-global.ts). `describeStores` runs one suite against both, which is how the two
 * adapters are held to one contract.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, inject, it } from 'vitest';
import type { Store } from '../../src/server/storage/port.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import { openPostgresStore } from '../../src/server/storage/postgres.js';
import { createClinic } from '../../src/server/storage/clinic-rows.js';

export type StoreKind = 'sqlite' | 'postgres';
export const STORE_KINDS: readonly StoreKind[] = ['sqlite', 'postgres'];

export interface TestStore {
  store: Store;
  kind: StoreKind;
  /** The database URL (PostgreSQL only): for a second store or a server process on the same data. */
  url?: string;
  /** Opens another store on the same data (a restart, or a second server process on PostgreSQL). */
  reopen(): Promise<Store>;
  /** Closes every store opened here and deletes the data. Safe to call after a server closed the store. */
  cleanup(): Promise<void>;
}

export function pgAvailable(): boolean {
  return inject('pgAdminUrl') !== null;
}

function adminUrl(): string {
  const url = inject('pgAdminUrl');
  if (!url) throw new Error('PostgreSQL is not available in this run');
  return url;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database in the run's cluster; returns its URL. */
export async function createPgDatabase(): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPgDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^t_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  // FORCE: a LISTEN connection still closing must not keep the database alive.
  await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
}

export async function openTestStore(
  kind: StoreKind,
  options: { poolSize?: number; queryLog?: boolean; clock?: () => Date } = {},
): Promise<TestStore> {
  const opened: Store[] = [];
  const track = (store: Store) => {
    // A test server closes its store too; the second close must be a no-op, not a pool error.
    const close = store.close.bind(store);
    let closing: Promise<void> | undefined;
    store.close = () => (closing ??= close());
    opened.push(store);
    return store;
  };
  const closeAll = () => Promise.all(opened.map((s) => s.close().catch(() => {})));
  // TEST_CLINIC=<id> runs a suite in another clinic than `default` (decision 077), beside an untouched
  // default one: every statement of the domain then goes through the clinic scoping.
  const inClinic = async (store: Store) => {
    const clinic = process.env.TEST_CLINIC;
    if (!clinic) return store;
    const known = await store.deployment.selectFrom('clinics').select('id').where('id', '=', clinic).executeTakeFirst();
    return known ? store.forClinic(clinic) : createClinic(store, clinic, null, new Date().toISOString());
  };

  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'cq-store-'));
    const file = join(dir, 'test.sqlite');
    const reopen = async () => track(await inClinic(await openSqliteStore(file, { queryLog: options.queryLog, clock: options.clock })));
    return {
      kind,
      store: await reopen(),
      reopen,
      async cleanup() {
        await closeAll();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = await createPgDatabase();
  const reopen = async () =>
    track(await inClinic(await openPostgresStore(url, { poolSize: options.poolSize ?? 20, queryLog: options.queryLog, clock: options.clock })));
  return {
    kind,
    url,
    store: await reopen(),
    reopen,
    async cleanup() {
      await closeAll();
      await dropPgDatabase(url);
    },
  };
}

/**
 * Runs `fn` once per store kind, each in its own describe block. PostgreSQL is skipped when the run has
 * no cluster, except under REQUIRE_POSTGRES, where a missing cluster is a failure, never a quiet skip.
 */
export function describeStores(name: string, fn: (kind: StoreKind) => void): void {
  for (const kind of STORE_KINDS) {
    if (kind === 'sqlite') describe(`${name} [sqlite]`, () => fn(kind));
    else describePostgres(name, () => fn(kind));
  }
}

export function describePostgres(name: string, fn: () => void): void {
  const required = Boolean(process.env.REQUIRE_POSTGRES);
  describe.skipIf(!pgAvailable() && !required)(`${name} [postgres]`, () => {
    if (!pgAvailable()) {
      it('has a PostgreSQL cluster (REQUIRE_POSTGRES is set)', () => {
        throw new Error('REQUIRE_POSTGRES is set but the run has no PostgreSQL cluster');
      });
      return;
    }
    fn();
  });
}

/** Patients holding more than one active reservation: must always be none (the burst and crash proofs). */
export function ownersWithTwoActive(store: Store) {
  return store.db
    .selectFrom('reservation_slots')
    .select(['owner_id', (eb) => eb.fn.countAll().as('n')])
    .where('owner_id', 'is not', null)
    .where('canceled', '=', 0)
    .where('is_reception_accepted', '=', 0)
    .groupBy('owner_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
}
