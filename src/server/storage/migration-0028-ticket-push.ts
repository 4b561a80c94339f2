/**
 * 0028: Web Push on the printed ticket's page, and the ticket's daily counts (docs/decisions/073).
 *
 * - `ticket_push`: a browser's push subscription made on a ticket's page, one row per endpoint and number
 *   (a phone holding two desk numbers is told of each). Tied to the number, not to an app identity: deleted
 *   when the reservation ends or a reprint revokes the ticket. Not in a backup (it serves a ticket whose
 *   token is not in one either).
 * - `ticket_tokens.opened_at`: when the ticket's page first read the token, so the first open counts once.
 * - `ticket_daily`: tickets issued and first opened per Tokyo day and queue, counted at the moment they
 *   happen, so the statistics outlive the tokens' two days of retention. In a backup, as notice_daily is.
 */
import { type Kysely, type Migration } from 'kysely';

export const ticketPushMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ticket_push')
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('slot_id', 'text', (c) => c.notNull())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('ticket_push_pk', ['endpoint', 'slot_id'])
      .execute();
    // The outbox finds a number's subscriptions by this index; forgetting an ended number too.
    await db.schema.createIndex('ticket_push_slot').on('ticket_push').columns(['slot_id']).execute();
    await db.schema.alterTable('ticket_tokens').addColumn('opened_at', 'text').execute();
    await db.schema
      .createTable('ticket_daily')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('queue_id', 'text', (c) => c.notNull())
      .addColumn('printed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('opened', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('ticket_daily_pk', ['day', 'queue_id'])
      .execute();
  },
};
