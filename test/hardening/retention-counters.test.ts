/**
 * The per-address counter of a reception session's numbers is dated by the session's opening, so the
 * retention job's one-day prune of old counters would drop it from a session left open overnight, and
 * every address would get its numbers anew (and the session's wrong check-in codes their budget anew). They
 * stay while the session is open and go once it closes.
 * The real counter code (spendAddressQuota) and the real retention job, on both stores.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { reserve } from '../../src/server/abuse/limits.js';
import { checkinSessionKey } from '../../src/server/abuse/policy.js';
import { spendAddressQuota } from '../../src/server/domain/allocation/quota.js';
import { applyRetention } from '../../src/server/ops/retention.js';
import { describeStores, openTestStore, type StoreKind, type TestStore } from '../support/stores.js';

const DAY = 24 * 3600_000;
const ADDRESS = { key: '203.0.113.7', ticketsPerHour: 100, numbersPerSession: 20 };

describeStores('the retention job and the counters of a session', (kind: StoreKind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(async () => t?.cleanup());

  const openedAt = new Date(Date.now() - 3 * DAY).toISOString();
  async function session(id: string, closed: boolean) {
    await t.store.db.insertInto('reception_sessions').values({ id, opened_at: openedAt, closed_at: closed ? openedAt : null }).execute();
    const spent = await t.store.db.transaction().execute((tx) => spendAddressQuota(tx, ADDRESS, { sessionId: id, openedAt }, openedAt));
    expect(spent).toBeNull();
    // Its wrong check-in codes' counter, dated the same way (decision 059).
    expect(await reserve(t.store.db, { key: checkinSessionKey(id), windowStart: openedAt, max: 100 })).toBe(true);
  }
  const keys = async () => (await t.store.db.selectFrom('rate_counters').select('key').execute()).map((r) => r.key).sort();

  it('keeps the counter of a session still open three days on, and drops those of closed sessions', async () => {
    await session('open_session%1', false); // `_` and `%` would be wildcards to LIKE
    await session('closed-session', true);
    expect(await keys()).toEqual([
      'checkin-session:closed-session', 'checkin-session:open_session%1',
      `session-numbers:closed-session:${ADDRESS.key}`, `session-numbers:open_session%1:${ADDRESS.key}`, expect.stringMatching(/^ticket:/),
    ]);

    await applyRetention(t.store, { retentionDays: 90, auditRetentionDays: 365 });
    expect(await keys()).toEqual(['checkin-session:open_session%1', `session-numbers:open_session%1:${ADDRESS.key}`]);

    await t.store.db.updateTable('reception_sessions').set({ closed_at: new Date().toISOString() }).execute();
    await applyRetention(t.store, { retentionDays: 90, auditRetentionDays: 365 });
    expect(await keys()).toEqual([]);
  });
});
