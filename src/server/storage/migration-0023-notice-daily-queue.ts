/**
 * 0023: statistics per queue (docs/decisions/065). Finished notices leave their daily counts behind in
 * notice_daily when the retention job deletes them (0007); with several queues the statistics split by queue,
 * so the counts are kept per Tokyo day, channel and queue. The primary key grows a column, which SQLite
 * cannot alter in place: the table is made again under a new name, filled, and renamed, on both stores alike.
 * Every existing count belongs to the first queue, `main` (a clinic had one queue until 0022).
 */
import { type Kysely, type Migration, sql } from 'kysely';
import { MAIN_QUEUE } from './queue-rows.js';

export const noticeDailyQueueMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notice_daily_0023')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('queue_id', 'text', (c) => c.notNull().defaultTo(MAIN_QUEUE))
      .addColumn('sent', 'integer', (c) => c.notNull())
      .addColumn('failed', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('notice_daily_queue_pk', ['day', 'channel', 'queue_id'])
      .execute();
    await sql`insert into notice_daily_0023 (day, channel, queue_id, sent, failed)
      select day, channel, ${MAIN_QUEUE}, sent, failed from notice_daily`.execute(db);
    await db.schema.dropTable('notice_daily').execute();
    await db.schema.alterTable('notice_daily_0023').renameTo('notice_daily').execute();
  },
};
