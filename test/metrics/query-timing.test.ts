/**
 * The adapters time each query on the completion path they already have (decision 027): a query reports
 * once, with its operation and outcome, and answers exactly what it answers without timing — its rows,
 * or its own error (same class, code and message; on PostgreSQL a stack that leads back to the caller).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

describeStores('per-query timing', (kind) => {
  let timed: TestStore;
  let plain: TestStore;
  const seen: { operation: string; seconds: number; failed: boolean }[] = [];
  beforeEach(async () => {
    timed = await openTestStore(kind, { queryLog: true });
    plain = await openTestStore(kind);
    seen.length = 0;
    timed.store.observeQueries((operation, seconds, failed) => seen.push({ operation, seconds, failed }));
  });
  afterEach(async () => {
    await timed.cleanup();
    await plain.cleanup();
  });

  it('reports each query once, by operation, and returns its rows as an untimed store does', async () => {
    const query = (db: TestStore['store']['db']) => sql<{ n: number }>`select 1 + 1 as n`.execute(db);
    const [a, b] = [await query(timed.store.db), await query(plain.store.db)];
    expect(a.rows).toEqual(b.rows);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ operation: 'select', failed: false });
    expect(seen[0].seconds).toBeGreaterThanOrEqual(0);

    await timed.store.db.insertInto('staff_accounts').values(staffRow()).execute();
    await timed.store.db.updateTable('staff_accounts').set({ username: 'renamed' }).execute();
    await timed.store.db.deleteFrom('staff_accounts').execute();
    expect(seen.slice(1).map((t) => [t.operation, t.failed])).toEqual([
      ['insert', false],
      ['update', false],
      ['delete', false],
    ]);
  });

  it('reports a query that fails as failed and rejects with the same error as an untimed store', async () => {
    // A unique violation fails when the statement runs (SQLite refuses an unknown table already when
    // preparing, before any statement runs), on both stores.
    const row = staffRow();
    for (const { store } of [timed, plain]) await store.db.insertInto('staff_accounts').values(row).execute();
    seen.length = 0;
    const failing = (db: TestStore['store']['db']) => db.insertInto('staff_accounts').values(row).execute().then(() => null, (err: unknown) => err);
    const [a, b] = (await Promise.all([failing(timed.store.db), failing(plain.store.db)])) as Error[];
    expect(a).toBeInstanceOf(Error);
    expect(a.constructor).toBe(b.constructor);
    expect((a as { code?: string }).code).toBe((b as { code?: string }).code);
    expect(a.message).toBe(b.message);
    // Not only TCP.onStreamRead: the stack leads back to the caller, as with pg's own promise.
    if (kind === 'postgres') expect(a.stack).toContain('query-timing.test');
    expect(seen).toEqual([expect.objectContaining({ operation: 'insert', failed: true })]);
  });
});

function staffRow() {
  return { id: randomUUID(), username: 'timing', password_hash: 'x', created_at: new Date().toISOString(), disabled_at: null };
}
