/**
 * The handled webhook event ids (migration 0016) on both stores: one claim wins however many come at once
 * (two server processes, or a delivery and its redelivery), and the retention job forgets an id only after
 * its event could no longer be answered.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { claimEvent } from '../../src/server/domain/line-chat/apply.js';
import { SEEN_EVENT_RETENTION_MS } from '../../src/server/domain/line-chat/rule.js';
import { applyRetention } from '../../src/server/ops/retention.js';
import { describeStores, openTestStore, type StoreKind, type TestStore } from '../support/stores.js';
import { newEventId } from '../fakes/line-chat.js';

describeStores('handled LINE webhook events', (kind: StoreKind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(async () => t?.cleanup());
  const ids = async () => (await t.store.db.selectFrom('line_webhook_events').select('event_id').execute()).map((r) => r.event_id).sort();

  it('lets exactly one of many simultaneous claims of an id win, from one store or two', async () => {
    const id = newEventId();
    const other = await t.reopen();
    const now = new Date();
    const wins = await Promise.all(Array.from({ length: 8 }, (_, i) => claimEvent(i % 2 ? other : t.store, id, now)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await claimEvent(t.store, id, now)).toBe(false);
    expect(await ids()).toEqual([id]);
  });

  it('keeps ids for the retention period and drops them after', async () => {
    const now = Date.now();
    const old = newEventId();
    const recent = newEventId();
    await claimEvent(t.store, old, new Date(now - SEEN_EVENT_RETENTION_MS - 60_000));
    await claimEvent(t.store, recent, new Date(now - SEEN_EVENT_RETENTION_MS + 60_000));
    await applyRetention(t.store, { retentionDays: 90, auditRetentionDays: 365 }, new Date(now));
    expect(await ids()).toEqual([recent]);
  });
});
