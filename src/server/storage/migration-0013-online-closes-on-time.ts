/**
 * 0013: online reception closes on time (issue 35, docs/decisions/050-online-closes-on-time.md). The
 * setting itself lives in the calendar's settings document (an older document reads it as off); the runtime
 * row gains `online_late_at`: when online reception was ended because a newcomer would not be seen within
 * the consultation period, so patients can read why. Cleared by the next switch of online reception (by
 * hand or by the calendar) and by the calendar's next online edge. The close is recorded once per period
 * in schedule_edges (kind 'onlineLate'): no new table.
 */
import type { Kysely, Migration } from 'kysely';

export const onlineClosesOnTimeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('runtime').addColumn('online_late_at', 'text').execute();
  },
};
