/**
 * 0014: a family takes numbers together (issue 35, docs/decisions/053). The runtime row gains `family_max`
 * (up to M numbers per patient together; 1 = off, the default, so a clinic that sets nothing allocates as
 * before). Each slot gains `family_id` (shared by the numbers taken in one request; null alone),
 * `member_name` (the member's short name, shown only to the patient and staff) and `member_index` (0 for the
 * first or only number, 1… for the others).
 *
 * "One active number per patient per session" (0004) becomes "one per patient, session and member index":
 * with families off every number has index 0, so the guard is exactly the old one; with families a patient's
 * k numbers have indexes 0…k-1. The allocation's own rule still refuses a patient who holds any active number.
 */
import { type Kysely, type Migration, sql } from 'kysely';

export const familiesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('runtime').addColumn('family_max', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    const slots = () => db.schema.alterTable('reservation_slots');
    await slots().addColumn('family_id', 'text').execute();
    await slots().addColumn('member_name', 'text').execute();
    await slots().addColumn('member_index', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.dropIndex('slots_one_active_per_session_owner').execute();
    await db.schema
      .createIndex('slots_one_active_per_session_owner_member')
      .on('reservation_slots')
      .columns(['session_id', 'owner_id', 'member_index'])
      .unique()
      .where(sql<boolean>`owner_id is not null and canceled = 0 and is_reception_accepted = 0`)
      .execute();
  },
};
