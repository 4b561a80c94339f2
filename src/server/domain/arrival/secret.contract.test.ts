/**
 * The check-in secret is made once (docs/decisions/048): callers asking for it at the same moment (on
 * PostgreSQL two server processes, two stores on one database) end with one secret, on each real store.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeStores, openTestStore, type TestStore } from '../../../../test/support/stores.js';
import { ensureCheckinSecret, readCheckinSecret } from './secret.js';

describeStores('the check-in secret', (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(async () => t.cleanup());

  it('is made once when callers ask for it together, and read without a write afterwards', async () => {
    // On PostgreSQL a second store is a second server process; SQLite serves one process, whose writes queue.
    const second = kind === 'postgres' ? await t.reopen() : t.store;
    const version = async () => (await t.store.db.selectFrom('runtime').select('version').executeTakeFirstOrThrow()).version;
    const before = await version();
    const asked = await Promise.all([
      ensureCheckinSecret(t.store), ensureCheckinSecret(second), ensureCheckinSecret(t.store), ensureCheckinSecret(second),
    ]);
    const stored = await readCheckinSecret(t.store);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(asked).toEqual([stored, stored, stored, stored]);
    // Each caller that found none took the lock, but only the first wrote a secret; later ones only read.
    const afterRace = await version();
    expect(afterRace - before).toBeLessThanOrEqual(4);
    expect(await ensureCheckinSecret(second)).toBe(stored);
    expect(await version()).toBe(afterRace);
  });
});
