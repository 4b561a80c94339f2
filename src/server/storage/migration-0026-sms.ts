/**
 * 0026: a text message when the turn is near (docs/decisions/070).
 * - `runtime.sms_on`, `sms_account_sid`, `sms_auth_token`, `sms_from`: the clinic's SMS provider (Twilio), off
 *   by default; the token is sealed with the server's key (auth/sealed.ts), never kept in clear.
 * - `sms_numbers`: a desk patient's mobile number, one per reservation, sealed, with the masked form staff see.
 *   Deleted when the reservation ends; never in a backup (ops/backup-parse.ts leaves the table out).
 * - `sms_usage`: each SMS the provider accepted, its message id and the price it reported, for /admin/messages.
 */
import type { Kysely, Migration } from 'kysely';

export const smsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('runtime').addColumn('sms_on', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('runtime').addColumn('sms_account_sid', 'text').execute();
    await db.schema.alterTable('runtime').addColumn('sms_auth_token', 'text').execute();
    await db.schema.alterTable('runtime').addColumn('sms_from', 'text').execute();
    await db.schema
      .createTable('sms_numbers')
      .addColumn('slot_id', 'text', (c) => c.primaryKey())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('masked', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sms_usage')
      .addColumn('outbox_id', 'text', (c) => c.primaryKey())
      .addColumn('message_sid', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addColumn('price', 'text')
      .addColumn('price_unit', 'text')
      .execute();
    await db.schema.createIndex('sms_usage_sent').on('sms_usage').column('sent_at').execute();
  },
};
