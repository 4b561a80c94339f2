/**
 * The retention job drops applied calendar edges older than 30 days but keeps the latest of each kind:
 * the switching reads those to know which edges are still pending and whether the last window vanished.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { applyRetention } from '../../src/server/ops/retention.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

const DAY = 24 * 3600_000;

describeStores('pruning the calendar’s applied edges', (kind) => {
  let t: TestStore;
  beforeEach(async () => (t = await openTestStore(kind)));
  afterEach(async () => t.cleanup());

  it('keeps the last 30 days and the latest edge of each kind, however old', async () => {
    const now = new Date('2026-11-24T03:00:00.000Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
    const rows = [
      // Online: two old pairs, one recent pair.
      { edge_at: daysAgo(90), kind: 'onlineStart' },
      { edge_at: daysAgo(89.9), kind: 'onlineEnd' },
      { edge_at: daysAgo(60), kind: 'onlineStart' },
      { edge_at: daysAgo(59.9), kind: 'onlineEnd' },
      { edge_at: daysAgo(2), kind: 'onlineStart' },
      { edge_at: daysAgo(1.9), kind: 'onlineEnd' },
      // In-house: only old ones (a clinic that switches in-house by hand since): the latest pair stays.
      { edge_at: daysAgo(120), kind: 'inhouseStart' },
      { edge_at: daysAgo(100), kind: 'inhouseStart' },
      { edge_at: daysAgo(99.5), kind: 'inhouseEnd' },
    ];
    await t.store.db
      .insertInto('schedule_edges')
      .values(rows.map((r) => ({ ...r, outcome: 'started', applied_at: r.edge_at })))
      .execute();
    await applyRetention(t.store, { retentionDays: 90, auditRetentionDays: 365 }, now);
    const left = await t.store.db.selectFrom('schedule_edges').select(['edge_at', 'kind']).orderBy('edge_at').execute();
    expect(left).toEqual([
      { edge_at: daysAgo(100), kind: 'inhouseStart' },
      { edge_at: daysAgo(99.5), kind: 'inhouseEnd' },
      { edge_at: daysAgo(2), kind: 'onlineStart' },
      { edge_at: daysAgo(1.9), kind: 'onlineEnd' },
    ]);
    // Idempotent: a second run (every process runs it hourly) removes nothing more.
    await applyRetention(t.store, { retentionDays: 90, auditRetentionDays: 365 }, now);
    expect(await t.store.db.selectFrom('schedule_edges').select(['edge_at', 'kind']).orderBy('edge_at').execute()).toEqual(left);
  });
});
