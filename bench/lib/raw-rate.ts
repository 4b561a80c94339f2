/**
 * The raw storage rate: the allocation transaction's own statements run straight on the driver
 * (better-sqlite3, pg), with no HTTP, no validation, no token and no query builder at run time. The SQL is
 * compiled once by the store's Kysely instance, so the text is exactly what the product sends:
 * runtime bump (the serialising lock), the owner's active-reservation check, the lowest free number, the
 * slot update, and on PostgreSQL the change NOTIFY. Left out: the product's 5-ahead and audit work, which
 * is domain logic rather than storage.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { switchReception } from '../../src/server/domain/reception/apply.js';
import type { Database } from '../../src/server/storage/schema.js';
import { type BenchStore, type PgCluster, prepareStore, type StoreKind } from './stores.js';
import { median } from './stats.js';

const ALLOCATIONS = 200;
/** The clinic of every statement (decision 077): the product's SQL names it, so the floor's does too. */
const C = 'default';

interface Compiled {
  sql: string;
}

/** Compiles a query and checks its parameters come in the order the runner fills them in. */
function compiled(query: { compile(): { sql: string; parameters: readonly unknown[] } }, expected: unknown[]): Compiled {
  const { sql: text, parameters } = query.compile();
  if (JSON.stringify(parameters) !== JSON.stringify(expected)) throw new Error(`unexpected parameters for ${text}: ${JSON.stringify(parameters)}`);
  return { sql: text };
}

function statements(db: Kysely<Database>, session: string) {
  const now = 'NOW';
  return {
    bump: compiled(db.updateTable('runtime').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).returningAll(), [1, 1, C]),
    existing: compiled(
      db.selectFrom('reservation_slots').select('id').where('owner_id', '=', 'OWNER').where('canceled', '=', 0).where('is_reception_accepted', '=', 0),
      ['OWNER', 0, 0, C],
    ),
    free: compiled(
      db.selectFrom('reservation_slots').select(['id', 'reservation_number']).where('session_id', '=', session).where('is_reserved', '=', 0).orderBy('reservation_number').limit(1),
      [session, 0, C, 1],
    ),
    take: compiled(
      db.updateTable('reservation_slots').set({ is_reserved: 1, reserved_type: 'PWA', reserved_at: now, updated_at: now, owner_id: 'OWNER' }).where('id', '=', 'ID'),
      [1, 'PWA', now, now, 'OWNER', 'ID', C],
    ),
    notify: compiled({ compile: () => sql`select pg_notify(${'clinic_queue_changes'}, ${'{}'})`.compile(db) }, ['clinic_queue_changes', '{}']),
    reset: compiled(
      db.updateTable('reservation_slots').set({ is_reserved: 0, reserved_type: null, reserved_at: null, owner_id: null }).where('session_id', '=', session),
      [0, null, null, null, session, C],
    ),
  };
}

type Statements = ReturnType<typeof statements>;

async function sqliteRounds(bench: BenchStore, st: Statements, session: string, rounds: number): Promise<number[]> {
  const db = new Sqlite(bench.location);
  // The product's pragmas (src/server/storage/sqlite.ts).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const [begin, commit] = [db.prepare('begin'), db.prepare('commit')];
  const bump = db.prepare(st.bump.sql);
  const existing = db.prepare(st.existing.sql);
  const free = db.prepare(st.free.sql);
  const take = db.prepare(st.take.sql);
  const reset = db.prepare(st.reset.sql);
  const rates: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const owners = Array.from({ length: ALLOCATIONS }, () => `PWA_${randomUUID()}`);
      const t0 = performance.now();
      for (const owner of owners) {
        begin.run();
        bump.get(1, 1, C);
        existing.get(owner, 0, 0, C);
        const slot = free.get(session, 0, C, 1) as { id: string };
        const now = new Date().toISOString();
        take.run(1, 'PWA', now, now, owner, slot.id, C);
        commit.run();
      }
      rates.push(ALLOCATIONS / ((performance.now() - t0) / 1000));
      reset.run(0, null, null, null, session, C);
    }
  } finally {
    db.close();
  }
  return rates;
}

/** PostgreSQL: as many connections as the product's pool (20), all allocating at once. */
async function postgresRounds(bench: BenchStore, st: Statements, session: string, rounds: number, connections: number): Promise<number[]> {
  const clients = Array.from({ length: connections }, () => new pg.Client({ connectionString: bench.location }));
  await Promise.all(clients.map((c) => c.connect()));
  const rates: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        clients.map(async (c) => {
          while (next < ALLOCATIONS) {
            next++;
            const owner = `PWA_${randomUUID()}`;
            await c.query('begin');
            await c.query(st.bump.sql, [1, 1, C]);
            await c.query(st.existing.sql, [owner, 0, 0, C]);
            const slot = (await c.query<{ id: string }>(st.free.sql, [session, 0, C, 1])).rows[0];
            const now = new Date().toISOString();
            await c.query(st.take.sql, [1, 'PWA', now, now, owner, slot.id, C]);
            await c.query(st.notify.sql, ['clinic_queue_changes', JSON.stringify({ version: 0, events: [{ type: 'slotAllocated', slotId: slot.id }] })]);
            await c.query('commit');
          }
        }),
      );
      rates.push(ALLOCATIONS / ((performance.now() - t0) / 1000));
      await clients[0].query(st.reset.sql, [0, null, null, null, session, C]);
    }
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  }
  return rates;
}

/** Allocations per second of the raw statements: the median of a few rounds of 200, on a fresh store. */
export async function rawAllocationRate(kind: StoreKind, cluster: PgCluster | null, rounds = 5): Promise<number> {
  const bench = await prepareStore(kind, cluster);
  try {
    const store = await bench.open();
    let st: Statements;
    let session: string;
    try {
      await switchReception({ store, name: 'startInhouse' });
      const runtime = await store.db.selectFrom('runtime').selectAll().executeTakeFirstOrThrow();
      session = runtime.current_session_id!;
      st = statements(store.db, session);
    } finally {
      await store.close();
    }
    const rates = kind === 'sqlite' ? await sqliteRounds(bench, st, session, rounds) : await postgresRounds(bench, st, session, rounds, 20);
    return median(rates);
  } finally {
    await bench.cleanup();
  }
}
