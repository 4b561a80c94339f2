/**
 * 0018: "leave home by" (issue 36, docs/decisions/055). A slot gains `notice_minutes`: the patient chose to
 * be told once when the shown range's low edge reaches this many minutes (10–60) instead of at a number of
 * people ahead; null (every existing row) keeps the people-ahead notice.
 */
import type { Kysely, Migration } from 'kysely';

export const noticeMinutesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('reservation_slots').addColumn('notice_minutes', 'integer').execute();
  },
};
