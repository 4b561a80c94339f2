/**
 * "Leave home by" (decision 055), applied: reads whether anyone waits for a minutes notice (one small query,
 * nothing more when no one does), then the queue and the live estimate as the snapshot has them, decides
 * with rule.ts and, if someone is due, writes their notices in one transaction, deciding again there on
 * the rows as they are under the writers' lock (so two processes checking at once send each notice once).
 */
import type { Store, WriteContext } from '../../../storage/port.js';
import { activeSlot, rowToSlot } from '../../../storage/slot-row.js';
import type { LiveEstimator } from '../../estimate/live-estimate.js';
import { loadQueueState } from '../../queue-state.js';
import { sendTurnNear } from '../outbox.js';
import { minutesNotices } from './rule.js';

/** Someone of the open session waits for a minutes notice not yet sent. */
async function anyPending(store: Store): Promise<boolean> {
  const row = await store.db
    .selectFrom('reservation_slots')
    .select('id')
    .where('session_id', '=', (eb) => eb.selectFrom('runtime').select('current_session_id').where('runtime.id', '=', 1))
    .where('notice_minutes', 'is not', null)
    .where('notified_at', 'is', null)
    .where(activeSlot)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const sessionRows = (ctx: Pick<WriteContext, 'tx'>, sessionId: string) =>
  ctx.tx.selectFrom('reservation_slots').selectAll().where('session_id', '=', sessionId).where(activeSlot).execute();

/** Sends the minutes notices now due; the reservation numbers told. */
export async function sendMinutesNotices({ store, estimator, now }: { store: Store; estimator: LiveEstimator; now: Date }): Promise<number[]> {
  if (!(await anyPending(store))) return [];
  const state = await loadQueueState(store, now);
  const { estimate } = await estimator(state);
  if (!estimate || !state.sessionId) return [];
  const sessionId = state.sessionId;
  // Decided first on the queue as read for the estimate, outside the lock: most minutes nobody is due, and
  // that costs no write.
  if (minutesNotices(state.slots, estimate, now).length === 0) return [];
  return store.write(async (ctx) => {
    if (ctx.runtime.current_session_id !== sessionId) return [];
    const rows = await sessionRows(ctx, sessionId);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const due = minutesNotices(rows.map(rowToSlot), estimate, now, ctx.runtime.line_ahead5_on === 1).map(({ slotId }) => byId.get(slotId)!);
    for (const slot of due) {
      await sendTurnNear(ctx, slot);
      ctx.emit({ type: 'slotMarked', slotId: slot.id });
    }
    return due.map((slot) => slot.reservation_number);
  });
}
