/**
 * 0019: staff devices (issue 42, docs/decisions/056). An account gains `device_epoch`: the generation its
 * device cookies were signed under. Changing the account from the command line, or signing out everywhere,
 * moves it on, and every device cookie signed before counts for nothing.
 */
import type { Kysely, Migration } from 'kysely';

export const staffDevicesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('staff_accounts')
      .addColumn('device_epoch', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
