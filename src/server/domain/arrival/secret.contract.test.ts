/**
 * The check-in secrets are made once (docs/decisions/048, 059): callers asking for them at the same moment
 * (on PostgreSQL two server processes, two stores on one database) end with one code secret and one monitor
 * key, stored sealed, on each real store. A secret kept in clear before migration 0019 is sealed on first
 * need, keeping its codes and the monitor key derived from it.
 */
import { expect, it } from 'vitest';
import { describeStores } from '../../../../test/support/stores.js';
import { deskCode, legacyMonitorKey } from './codes.js';
import { checkinSealer } from './keys.js';
import { ensureCheckinKeys, readCheckinKeys } from './secret.js';
import { useTestStore } from '../../../../test/support/domain-store.js';
import { storeVersion } from '../../../../test/support/store-version.js';

const seal = checkinSealer('s'.repeat(64));

describeStores('the check-in secrets', (kind) => {
  const t = useTestStore(kind);
  const stored = () => t.store.db.selectFrom('runtime').select(['checkin_secret', 'monitor_key']).executeTakeFirstOrThrow();

  it('are made once when callers ask for them together, stored sealed, and read without a write afterwards', async () => {
    // On PostgreSQL a second store is a second server process; SQLite serves one process, whose writes queue.
    const second = kind === 'postgres' ? await t.reopen() : t.store;
    const version = async () => (await storeVersion(t.store));
    const before = await version();
    const asked = await Promise.all([
      ensureCheckinKeys(t.store, seal), ensureCheckinKeys(second, seal), ensureCheckinKeys(t.store, seal), ensureCheckinKeys(second, seal),
    ]);
    const keys = await readCheckinKeys(t.store, seal);
    expect(keys.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.monitorKey).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.monitorKey).not.toBe(legacyMonitorKey(keys.secret!));
    for (const answer of asked) expect(answer).toEqual({ secret: keys.secret, monitorKey: keys.monitorKey });
    const row = await stored();
    expect(row.checkin_secret).not.toContain(keys.secret);
    expect(row.monitor_key).not.toContain(keys.monitorKey);
    // Each caller that found none took the lock, but only the first wrote; later ones only read.
    const afterRace = await version();
    expect(afterRace - before).toBeLessThanOrEqual(4);
    expect(await ensureCheckinKeys(second, seal)).toEqual({ secret: keys.secret, monitorKey: keys.monitorKey });
    expect(await version()).toBe(afterRace);
  });

  it('seals a secret kept in clear before 0019, keeping its desk code and its monitor key', async () => {
    const old = 'c'.repeat(64);
    await t.store.db.updateTable('runtime').set({ checkin_secret: old }).where('id', '=', 1).execute();
    expect(await readCheckinKeys(t.store, seal)).toEqual({ secret: old, monitorKey: legacyMonitorKey(old), reseal: true });
    expect(await ensureCheckinKeys(t.store, seal)).toEqual({ secret: old, monitorKey: legacyMonitorKey(old) });
    expect((await stored()).checkin_secret).not.toContain(old);
    expect(deskCode((await readCheckinKeys(t.store, seal)).secret!)).toBe(deskCode(old));
  });

  it('makes new ones where the stored ones were sealed by another server’s key (a backup restored elsewhere)', async () => {
    const first = await ensureCheckinKeys(t.store, checkinSealer('o'.repeat(64)));
    expect(await readCheckinKeys(t.store, seal)).toMatchObject({ secret: null, monitorKey: null, reseal: true });
    const made = await ensureCheckinKeys(t.store, seal);
    expect(made.secret).not.toBe(first.secret);
    expect(made.monitorKey).not.toBe(first.monitorKey);
  });
});
