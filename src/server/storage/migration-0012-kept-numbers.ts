/**
 * 0012: numbers kept for the desk, and the online cap (docs/decisions/049). On the runtime row: keep every
 * Nth number of a session for patients at the desk (0 = off, else 2–10) and at most X online numbers per
 * session (0 = no cap, else 1–200). Both off by default: a clinic that sets neither allocates as before.
 */
import type { Kysely, Migration } from 'kysely';

export const keptNumbersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const runtime = () => db.schema.alterTable('runtime');
    await runtime().addColumn('keep_every', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await runtime().addColumn('online_cap', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
