/**
 * 0007: statistics. Slots are read by the time they were taken (a month's figures, a year's CSV), notices by
 * the time they were queued; and finished notices, deleted by the retention job because they name their
 * recipient, leave their daily counts behind in notice_daily (docs/decisions/019-statistics.md).
 */
import type { Kysely, Migration } from 'kysely';

export const statisticsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('slots_reserved_at').on('reservation_slots').columns(['reserved_at', 'id']).execute();
    await db.schema.createIndex('outbox_created_at').on('outbox').column('created_at').execute();
    await db.schema
      .createTable('notice_daily')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('sent', 'integer', (c) => c.notNull())
      .addColumn('failed', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('notice_daily_pk', ['day', 'channel'])
      .execute();
  },
};
