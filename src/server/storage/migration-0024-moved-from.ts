/**
 * 0024: a patient moved to another queue (docs/decisions/067). The number the desk gave them in the target
 * queue keeps `moved_from`: the number they held before the move, so their card says it moved and from
 * which number, instead of the old number simply vanishing. Null (every existing row) for a number taken
 * directly. The outbox needs nothing: its `kind` is plain text, so the 'moved' notice is just a new value.
 */
import type { Kysely, Migration } from 'kysely';

export const movedFromMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('reservation_slots').addColumn('moved_from', 'integer').execute();
  },
};
