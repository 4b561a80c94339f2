/**
 * The fair pool on a real PostgreSQL (decision 082): a clinic whose writes each hold a pooled connection
 * while they wait on its own queue lock holds at most its share of the pool, so another clinic's read gets
 * a connection at once instead of waiting for that lock to be let go. Pool of 4: the share is 3.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describePostgres, openTestStore, type TestStore } from '../../../test/support/stores.js';
import type { Store } from './port.js';
import { createClinic } from './clinic-rows.js';

const NOW = '2026-12-02T00:00:00.000Z';

describePostgres('a fair pool between clinics', () => {
  let t: TestStore;
  let busy: Store;
  let quiet: Store;
  beforeEach(async () => {
    t = await openTestStore('postgres', { poolSize: 4 });
    busy = t.store;
    quiet = await createClinic(busy, 'quiet', null, NOW);
  });
  afterEach(() => t.cleanup());

  it("answers a quiet clinic's read while a busy clinic holds its whole share waiting on its own lock", async () => {
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let holding!: () => void;
    const locked = new Promise<void>((resolve) => (holding = resolve));
    // The busy clinic's queue lock, held by one write; five more writes of that queue queue up behind it.
    const first = busy.write(async () => {
      holding();
      await held;
    }, { queue: 'main' });
    await locked;
    const behind = Array.from({ length: 5 }, () => busy.write(async () => 'written', { queue: 'main' }));
    // Two of them hold connections waiting in PostgreSQL for the lock; the other three wait at the gate.
    try {
      const answered = await Promise.race([
        quiet.db.selectFrom('runtime').select('id').execute().then((rows) => rows.length),
        new Promise<string>((resolve) => setTimeout(() => resolve('still waiting'), 2000)),
      ]);
      expect(answered).toBe(1);
    } finally {
      letGo();
    }
    await first;
    expect(await Promise.all(behind)).toEqual(['written', 'written', 'written', 'written', 'written']);
  });
});
