/**
 * 0025: the printed ticket of a desk number (issue "Patients without a smartphone", docs/decisions/068).
 * `ticket_tokens`: one row per token ever issued for a desk number, by its SHA-256 digest (the token itself
 * is printed in the QR code and stored nowhere). A reprint revokes the slot's standing token and adds the
 * new one; a token serves its number's session only. Not in a backup (ops/backup-parse.ts): a restored
 * store leaves every printed ticket unusable rather than carry credentials in a file.
 *
 * The runtime row gains the clinic's ticket settings: the paper (58 mm, 80 mm receipt rolls or A6) and a
 * short sentence printed under the number.
 */
import { type Kysely, type Migration } from 'kysely';

export const ticketsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ticket_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('slot_id', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    // A reprint finds the slot's standing token by this index; retention deletes by session.
    await db.schema.createIndex('ticket_tokens_slot').on('ticket_tokens').columns(['slot_id']).execute();
    await db.schema.alterTable('runtime').addColumn('ticket_paper', 'text', (c) => c.notNull().defaultTo('80')).execute();
    await db.schema.alterTable('runtime').addColumn('ticket_note', 'text').execute();
  },
};
