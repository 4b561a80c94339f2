/**
 * Migration 0023 on both stores: notice_daily as 0007 made it, with counts in it, becomes per day, channel and
 * queue, every old count the first queue's, and the statistics read the same totals from it.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readStats } from '../../src/server/domain/stats/queries.js';
import { noticeDailyQueueMigration } from '../../src/server/storage/migration-0023-notice-daily-queue.js';
import { addClinicColumn } from '../../src/server/storage/migration-0031-clinics.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

describeStores('migration 0023: notice_daily per queue', (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(async () => t.cleanup());

  it('keeps every count, as the first queue\'s, and adds the queue to the key', async () => {
    // The migrations' view of the tables (no clinic scoping), as they ran before clinics (0031).
    const db = t.store.deployment;
    // The table as 0007 left it, with what a retention job had rolled up before queues existed.
    await db.schema.dropTable('notice_daily').execute();
    await db.schema
      .createTable('notice_daily')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('sent', 'integer', (c) => c.notNull())
      .addColumn('failed', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('notice_daily_pk', ['day', 'channel'])
      .execute();
    await sql`insert into notice_daily (day, channel, sent, failed) values ('2026-11-09', 'LINE', 4, 1), ('2026-11-09', 'PWA', 2, 0)`.execute(db);

    await noticeDailyQueueMigration.up(db as never);
    // And on through 0031, as a store of that age migrates: from here on it is the clinic's table.
    await addClinicColumn(db as never, ['notice_daily']);

    expect(await t.store.db.selectFrom('notice_daily').selectAll().orderBy('channel').execute()).toEqual([
      { day: '2026-11-09', channel: 'LINE', queue_id: 'main', sent: 4, failed: 1 },
      { day: '2026-11-09', channel: 'PWA', queue_id: 'main', sent: 2, failed: 0 },
    ]);
    // The same day and channel may now hold a count per queue, and no two for one queue.
    await t.store.db.insertInto('notice_daily').values({ day: '2026-11-09', channel: 'LINE', queue_id: 'vax', sent: 1, failed: 0 }).execute();
    await expect(t.store.db.insertInto('notice_daily').values({ day: '2026-11-09', channel: 'LINE', queue_id: 'main', sent: 1, failed: 0 }).execute()).rejects.toThrow();
    expect((await readStats(t.store, 'day', '2026-11-09')).current.notices).toEqual({ LINE: { sent: 5, failed: 1 }, PWA: { sent: 2, failed: 0 }, SMS: { sent: 0, failed: 0 } });
    expect((await readStats(t.store, 'day', '2026-11-09', 'main')).current.notices).toEqual({ LINE: { sent: 4, failed: 1 }, PWA: { sent: 2, failed: 0 }, SMS: { sent: 0, failed: 0 } });
  });
});
