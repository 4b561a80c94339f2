/**
 * 0017: what waiting patients were shown (issue 36, docs/decisions/054). Every 5 minutes (a "tick"), one row
 * per waiting patient with an estimate: the people ahead, the model's expected wait and its spread, and the
 * range shown. When their turn came is the slot's reception_accepted_at: no copy here. The product measures
 * itself from these rows (/admin/stats), and the range's calibration is computed from them.
 * Unique (slot, tick): several server processes recording the same tick write it once.
 */
import { type Kysely, type Migration } from 'kysely';

export const waitReadingsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('wait_readings')
      .addColumn('slot_id', 'text', (c) => c.notNull())
      .addColumn('tick', 'integer', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('ahead', 'integer', (c) => c.notNull())
      .addColumn('mean_minutes', 'real', (c) => c.notNull())
      .addColumn('sd_minutes', 'real', (c) => c.notNull())
      .addColumn('low_minutes', 'integer', (c) => c.notNull())
      .addColumn('high_minutes', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('wait_readings_pk', ['slot_id', 'tick'])
      .execute();
    await db.schema.createIndex('wait_readings_session').on('wait_readings').columns(['session_id']).execute();
    await db.schema.createIndex('wait_readings_at').on('wait_readings').columns(['at']).execute();
  },
};
