/**
 * 0011: absent when called, and arrival check-in (docs/decisions/047). On each slot: its place in the queue
 * (`queue_position`, the reservation number until an absence moves it back), how often it was called and
 * missing, where the last absence took it from (for undo) and when and how the patient checked in. On the
 * runtime row: the clinic's absence and check-in settings and the secret the check-in codes come from.
 */
import { type Kysely, type Migration, sql } from 'kysely';

export const absenceArrivalMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const slots = () => db.schema.alterTable('reservation_slots');
    // double precision in both dialects (PostgreSQL's `real` is single precision).
    await slots().addColumn('queue_position', 'double precision', (c) => c.notNull().defaultTo(0)).execute();
    await sql`UPDATE reservation_slots SET queue_position = reservation_number`.execute(db);
    // The waiting rows are read in queue order, often only the first few (the turn-is-near notices read 11):
    // walking this index stops there, as the (session, number) index did before places existed.
    await db.schema
      .createIndex('slots_queue_order')
      .on('reservation_slots')
      .columns(['session_id', 'queue_position', 'reservation_number'])
      .execute();
    await slots().addColumn('absences', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await slots().addColumn('absent_at', 'text').execute();
    await slots().addColumn('absent_places', 'integer').execute();
    await slots().addColumn('absent_from_position', 'double precision').execute();
    await slots().addColumn('arrived_at', 'text').execute();
    await slots().addColumn('arrived_by', 'text').execute();
    const runtime = () => db.schema.alterTable('runtime');
    await runtime().addColumn('absence_places', 'integer', (c) => c.notNull().defaultTo(3)).execute();
    await runtime().addColumn('absence_hold_after', 'integer', (c) => c.notNull().defaultTo(2)).execute();
    await runtime().addColumn('absent_first_unarrived', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await runtime().addColumn('checkin_secret', 'text').execute();
  },
};
