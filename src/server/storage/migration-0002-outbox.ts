/** 0002: the notification outbox and the clinic's per-notice LINE choices. */
import type { Kysely, Migration } from 'kysely';

export const outboxMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('slot_id', 'text', (c) => c.notNull())
      .addColumn('reservation_number', 'integer', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('endpoint', 'text')
      .addColumn('retry_key', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('outbox_sent').on('outbox').columns(['channel', 'sent_at']).execute();
    await db.schema
      .alterTable('runtime')
      .addColumn('line_ahead5_on', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('runtime')
      .addColumn('line_recall_on', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
};
