/**
 * 0010: the monitor's spoken call-out (issue 15), on the runtime row: the clinic's settings and the last few
 * call-outs (JSON), which the public snapshot carries so a monitor can tell new ones from old.
 */
import type { Kysely, Migration } from 'kysely';

export const calloutMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('runtime').addColumn('callout_on', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('runtime').addColumn('callout_volume', 'integer', (c) => c.notNull().defaultTo(80)).execute();
    // null: the catalogue's default wording.
    await db.schema.alterTable('runtime').addColumn('callout_text', 'text').execute();
    await db.schema.alterTable('runtime').addColumn('callout_recent', 'text').execute();
  },
};
