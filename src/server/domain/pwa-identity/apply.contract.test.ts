/**
 * A PWA installation's identity over each real store: the same install gets the same patient back, a new one
 * is created once and spends the limit once however many exchanges arrive together, and none of it touches
 * the queue (no version, no event).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeStores, openTestStore, type TestStore } from '../../../../test/support/stores.js';
import { watchWrites } from '../../../../test/support/writes.js';
import { ensurePwaIdentity } from './apply.js';

describeStores('ensurePwaIdentity', (kind) => {
  let t: TestStore;
  let reserved: number;
  let refunded: number;
  const reserveNew = () => {
    reserved++;
    return Promise.resolve(async () => {
      refunded++;
    });
  };
  beforeEach(async () => {
    t = await openTestStore(kind);
    reserved = 0;
    refunded = 0;
  });
  afterEach(async () => t.cleanup());
  const users = () => t.store.db.selectFrom('pwa_users').select('uid').execute();

  it('creates a new install once, paid once, and gives it back unpaid after', async () => {
    const seen = await watchWrites(t.store);
    expect(await ensurePwaIdentity(t.store, 'ABC123', reserveNew)).toBe('PWA_abc123');
    expect(await ensurePwaIdentity(t.store, 'abc123', reserveNew)).toBe('PWA_abc123');
    expect([reserved, refunded]).toEqual([1, 0]);
    expect(await users()).toEqual([{ uid: 'PWA_abc123' }]);
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
  });

  it('of many exchanges of a new install at once, exactly one pays', async () => {
    const uids = await Promise.all(Array.from({ length: 6 }, () => ensurePwaIdentity(t.store, 'fresh', reserveNew)));
    expect(new Set(uids)).toEqual(new Set(['PWA_fresh']));
    expect(reserved - refunded).toBe(1);
    expect(await users()).toEqual([{ uid: 'PWA_fresh' }]);
  });
});
