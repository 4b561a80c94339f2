/**
 * 0021: take-and-cancel (issue 42, docs/decisions/060). The runtime row gains `cancel_limit`: how many of
 * their online numbers a patient may cancel in a session and still take another online (0 = off, the
 * default, so a clinic that sets nothing allocates as before). The count itself is read from the slots
 * (a patient's own cancellation stamps `canceled_line_at` or `canceled_pwa_at`): nothing new to keep.
 */
import type { Kysely, Migration } from 'kysely';

export const cancelLimitMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('runtime').addColumn('cancel_limit', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
