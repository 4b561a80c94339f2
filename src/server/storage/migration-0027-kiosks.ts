/**
 * 0027: the entrance kiosk (docs/decisions/072). `kiosk_devices`: one row per tablet staff made a kiosk;
 * its signed cookie names the row, and the row's `revoked_at` ends it. Not in a backup: a restored store
 * forgets every kiosk (staff make the tablet a kiosk again) rather than bring a revoked one back.
 *
 * The runtime row gains `ticket_set_at`, when staff last saved the ticket settings: a kiosk prints the
 * ticket once the clinic has chosen its paper, and shows the ticket's QR code on screen until then.
 */
import { type Kysely, type Migration } from 'kysely';

export const kiosksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('kiosk_devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_by', 'text')
      .execute();
    await db.schema.alterTable('runtime').addColumn('ticket_set_at', 'text').execute();
  },
};
