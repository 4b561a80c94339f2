/**
 * 0029: the ticket's network receipt printer (docs/decisions/074). The runtime row gains `ticket_printer`,
 * the printer's base address on the clinic's LAN (e.g. http://192.168.1.50) as staff saved it; null: no
 * printer, the ticket prints through the browser as before. In a backup with the other ticket settings.
 */
import { type Kysely, type Migration } from 'kysely';

export const networkPrinterMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('runtime').addColumn('ticket_printer', 'text').execute();
  },
};
