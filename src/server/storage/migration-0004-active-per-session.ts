/**
 * 0004: "one active reservation per patient" holds per reception session. A row left active in a closed
 * session (old data, or a session ended while a row was reopened) must not refuse that patient in every
 * later session; the allocation's own check looks at the current session only, and so does this guard.
 */
import { type Kysely, type Migration, sql } from 'kysely';

export const activePerSessionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('slots_one_active_per_owner').execute();
    await db.schema
      .createIndex('slots_one_active_per_session_owner')
      .on('reservation_slots')
      .columns(['session_id', 'owner_id'])
      .unique()
      .where(sql<boolean>`owner_id is not null and canceled = 0 and is_reception_accepted = 0`)
      .execute();
  },
};
