/**
 * 0022: several queues in one clinic (issue 43, docs/decisions/061). A `queues` table, one row per queue
 * (一般, 予防接種, 発熱外来, or one per doctor), and every slot names its queue (`queue_id`).
 *
 * An existing store gets one queue, `main`, holding today's per-queue settings copied from the runtime row
 * (its online cap, numbers kept for the desk, families), numbered from 1 as today: a clinic that never
 * defines a second queue sees exactly today's product. Numbers keep apart by range (the queue's
 * `first_number`, e.g. 1– and 501–), so a number is still one integer, unique in its session, on every
 * screen, notice and call-out. Each queue row is also its writers' lock on PostgreSQL, with its own
 * `version` (the decision record says which write takes which lock).
 */
import { type Kysely, type Migration, sql } from 'kysely';
import { MAIN_QUEUE } from './queue-rows.js';

export const queuesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('queues')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('name_ja', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .addColumn('description_ja', 'text')
      .addColumn('description_en', 'text')
      .addColumn('first_number', 'integer', (c) => c.notNull())
      .addColumn('online', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('online_cap', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('keep_every', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('family_max', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('hours', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('removed_at', 'text')
      .execute();
    // Written as SQL: a migration sees the tables as they were then, not as schema.ts has them now.
    await sql`insert into queues (id, position, name_ja, name_en, first_number, online, online_cap, keep_every, family_max, version, created_at)
      select ${MAIN_QUEUE}, 0, ${'一般'}, 'General', 1, 1, online_cap, keep_every, family_max, 0, ${new Date().toISOString()} from runtime where id = 1`.execute(db);
    // The clinic's choices across queues: offer 「どちらの医師でも」 (join the queue that starts a newcomer
    // earliest), and one active number per queue instead of one per clinic.
    await db.schema.alterTable('runtime').addColumn('queue_any', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('runtime').addColumn('number_per_queue', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .alterTable('reservation_slots')
      .addColumn('queue_id', 'text', (c) => c.notNull().defaultTo(MAIN_QUEUE))
      .execute();
    // "One active number per patient" in the clinic (scope '') or, where the clinic allows it, per queue (the
    // queue's id): the number carries the scope it was taken under, and the guard of 0014 includes it.
    await db.schema.alterTable('reservation_slots').addColumn('active_scope', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.dropIndex('slots_one_active_per_session_owner_member').execute();
    await db.schema
      .createIndex('slots_one_active_per_scope_owner_member')
      .on('reservation_slots')
      .columns(['session_id', 'owner_id', 'member_index', 'active_scope'])
      .unique()
      .where(sql<boolean>`owner_id is not null and canceled = 0 and is_reception_accepted = 0`)
      .execute();
    // The free-number search of one queue walks this index (its numbers are one range of the session's).
    await db.schema.createIndex('slots_queue_free').on('reservation_slots').columns(['session_id', 'queue_id', 'is_reserved', 'reservation_number']).execute();
  },
};
