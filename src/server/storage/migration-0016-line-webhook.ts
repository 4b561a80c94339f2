/**
 * 0016: the LINE chat webhook (issue 37, docs/decisions/052-line-chat-replies.md). LINE may deliver an
 * event more than once (a redelivery, or a delivery replayed); each `webhookEventId` is answered once.
 * This table remembers the ids handled, with when they arrived; the retention job drops them after a few
 * days (events older than that are ignored anyway, domain/line-chat/rule.ts). No personal data: an
 * event id says nothing about who sent it.
 */
import type { Kysely, Migration } from 'kysely';

export const lineWebhookMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('line_webhook_events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('line_webhook_events_received').on('line_webhook_events').column('received_at').execute();
  },
};
