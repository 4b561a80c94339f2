/**
 * 0009: the language a patient took their number in (docs/decisions/023), so the LINE and Web Push
 * notices about it are written in that language. Null is Japanese: every reservation made before.
 */
import type { Kysely, Migration } from 'kysely';

export const noticeLangMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('reservation_slots').addColumn('notice_lang', 'text').execute();
  },
};
