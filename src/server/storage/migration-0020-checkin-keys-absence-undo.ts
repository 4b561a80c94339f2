/**
 * 0020: trust, fourth round (issue 42, docs/decisions/059).
 * - `runtime.monitor_key`: the wall monitor's key is a random value of its own, renewable without the
 *   printed desk code (sealed like `checkin_secret`, auth/sealed.ts). Null on every existing row: until
 *   staff next open the setup, the key derived from the secret the old way still admits the monitor, so
 *   the upgrade unplugs no monitor; that setup stores it sealed, and seals a secret kept in clear before.
 * - `reservation_slots.absent_undo`: what the last absence changed (JSON, holding the one before it), so
 *   every undo restores exactly what its absence changed; null on existing rows (their one undo works as
 *   before from `absent_from_position`).
 */
import type { Kysely, Migration } from 'kysely';

export const checkinKeysAbsenceUndoMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('runtime').addColumn('monitor_key', 'text').execute();
    await db.schema.alterTable('reservation_slots').addColumn('absent_undo', 'text').execute();
  },
};
