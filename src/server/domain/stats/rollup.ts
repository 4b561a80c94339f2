/**
 * Before the retention job deletes finished notices (they name their recipient), their counts per Tokyo day,
 * channel and queue (their number's; the first queue's when the number is gone, decision 065) are added to
 * notice_daily, in the same serialised write: the statistics then read the same
 * totals after the purge as before it (docs/decisions/019-statistics.md). Several processes may run this at
 * once; the write lock makes them take turns, and the second finds nothing left to move.
 */
import type { Store } from '../../storage/port.js';
import { MAIN_QUEUE } from '../../storage/queue-rows.js';
import type { NoticeDailyTable } from '../../storage/schema.js';
import { tokyoClock } from './periods.js';

const CHUNK = 500;

export async function rollUpAndDeleteNotices(store: Store, cutoff: string): Promise<number> {
  const finishedBefore = () =>
    store.db.selectFrom('outbox').select('id').where('created_at', '<', cutoff).where('status', 'in', ['sent', 'failed']).limit(1);
  // The cheap look first: an hourly write with nothing to move would only bump the runtime version.
  if (!(await finishedBefore().executeTakeFirst())) return 0;
  return store.write(async ({ tx }) => {
    const rows = await tx
      .selectFrom('outbox as o')
      .leftJoin('reservation_slots as s', 's.id', 'o.slot_id')
      .select(['o.id', 'o.channel', 'o.status', 'o.created_at', 's.queue_id'])
      .where('o.created_at', '<', cutoff)
      .where('o.status', 'in', ['sent', 'failed'])
      .execute();
    const days = new Map<string, NoticeDailyTable>();
    for (const row of rows) {
      const day = tokyoClock(row.created_at).day;
      const queueId = row.queue_id ?? MAIN_QUEUE;
      const key = `${day} ${row.channel} ${queueId}`;
      const entry = days.get(key) ?? { day, channel: row.channel, queue_id: queueId, sent: 0, failed: 0 };
      entry[row.status === 'sent' ? 'sent' : 'failed']++;
      days.set(key, entry);
    }
    for (const entry of days.values()) {
      await tx
        .insertInto('notice_daily')
        .values(entry)
        .onConflict((oc) =>
          oc.columns(['day', 'channel', 'queue_id']).doUpdateSet((eb) => ({
            sent: eb('notice_daily.sent', '+', eb.ref('excluded.sent')),
            failed: eb('notice_daily.failed', '+', eb.ref('excluded.failed')),
          })),
        )
        .execute();
    }
    // By id, not by the same condition again: a notice that finished meanwhile was not counted, so stays.
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx.deleteFrom('outbox').where('id', 'in', rows.slice(i, i + CHUNK).map((r) => r.id)).execute();
    }
    return rows.length;
  });
}
