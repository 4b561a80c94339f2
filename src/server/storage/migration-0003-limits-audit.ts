/** 0003: abuse-limit counters (shared by every process on one database) and the staff audit log. */
import type { Kysely, Migration } from 'kysely';

export const limitsAuditMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_counters')
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_counters_pk', ['key', 'window_start'])
      .execute();
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'text')
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target', 'text')
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  },
};
