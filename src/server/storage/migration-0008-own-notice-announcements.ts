/**
 * 0008: the patient's own notice threshold (1–10 people ahead, default 5 as before) and the clinic's
 * announcement (one at a time, on the runtime row), plus the text an announcement notice carries.
 */
import type { Kysely, Migration } from 'kysely';

export const ownNoticeAnnouncementsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('reservation_slots')
      .addColumn('notice_threshold', 'integer', (c) => c.notNull().defaultTo(5))
      .execute();
    for (const column of ['announcement_id', 'announcement_text', 'announcement_until', 'announcement_set_at', 'announcement_sent_at']) {
      await db.schema.alterTable('runtime').addColumn(column, 'text').execute();
    }
    // The announcement's own words: unlike the 5-ahead notice and the recall, they are not built from a label.
    await db.schema.alterTable('outbox').addColumn('body', 'text').execute();
  },
};
