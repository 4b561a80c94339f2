/**
 * 0015: LINE MINI App service messages (issue 37, docs/decisions/051-line-service-messages.md).
 *
 * `service_tokens`: one row per reservation whose patient passed a LIFF access token: the service
 * notification token LINE issued for it, sealed (AES-256-GCM, auth/sealed.ts; never kept in clear), its
 * remaining count and expiry, and `attempt_outbox_id`, the outbox row whose service send may have used the
 * current token without its answer being recorded. `liff_digest` (SHA-256 of the LIFF access token, not the
 * token) is unique: at most one notification token is issued per LIFF access token.
 *
 * `outbox.path`: how a row goes, written before the outside call: null (not chosen yet), 'service' (a
 * service send was started with the token its reservation holds), 'service-done' (LINE accepted it; written
 * with the renewed token), 'push' (the Messaging API push, under the row's own X-Line-Retry-Key).
 */
import type { Kysely, Migration } from 'kysely';

export const serviceMessagesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('service_tokens')
      .addColumn('slot_id', 'text', (c) => c.primaryKey())
      .addColumn('liff_digest', 'text', (c) => c.notNull().unique())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('token', 'text')
      .addColumn('remaining', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text')
      .addColumn('attempt_outbox_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('outbox').addColumn('path', 'text').execute();
  },
};
