/** 0005: a staff account can be disabled (`npm run staff -- disable NAME`) without losing its audit trail. */
import type { Kysely, Migration } from 'kysely';

export const staffDisabledMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('staff_accounts').addColumn('disabled_at', 'text').execute();
  },
};
