/**
 * 0006: the clinic calendar (issue 13). The calendar is one JSON document (weekly hours, overrides,
 * holiday openings, settings) edited whole by staff; the runtime row carries its version, so every live
 * snapshot shows it for free, and the switching state the schedule needs under the writers' lock.
 */
import type { Kysely, Migration } from 'kysely';

export const clinicCalendarMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('clinic_schedule')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('document', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // One row per edge the schedule applied: the primary key makes "exactly once" hold even if two
    // processes ever raced past the runtime lock.
    await db.schema
      .createTable('schedule_edges')
      .addColumn('edge_at', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('applied_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('schedule_edges_pk', ['edge_at', 'kind'])
      .execute();
    // SQLite adds one column per statement.
    await db.schema.alterTable('runtime').addColumn('schedule_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('runtime').addColumn('schedule_notice_at', 'text').execute();
    await db.schema.alterTable('runtime').addColumn('online_manual_at', 'text').execute();
    await db.schema.alterTable('runtime').addColumn('inhouse_manual_at', 'text').execute();
  },
};
