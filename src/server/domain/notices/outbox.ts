/**
 * Writes notices into the outbox inside the transaction of the change that causes them, so a notice
 * exists exactly when its cause committed (never lost, never invented by a rolled-back write).
 */
import { randomUUID } from 'node:crypto';
import { NOTICE_THRESHOLD_MAX } from '../../../shared/queue/slot.js';
import { publicQueue } from '../../../shared/queue/rules.js';
import type { WriteContext } from '../../storage/port.js';
import type { OutboxTable, SlotTable } from '../../storage/schema.js';
import { rowToSlot } from '../../storage/slot-row.js';

type Kind = OutboxTable['kind'];

/** Queues one message per recipient: the LINE user, or each of a PWA user's push subscriptions. */
export async function enqueueNotice(ctx: WriteContext, slot: SlotTable, kind: Kind, body: string | null = null): Promise<void> {
  const channel = slot.reserved_type;
  if ((channel !== 'LINE' && channel !== 'PWA') || !slot.owner_id) return;
  const owner = slot.owner_id;
  const base = {
    kind,
    channel: channel as OutboxTable['channel'],
    slot_id: slot.id,
    reservation_number: slot.reservation_number,
    recipient: owner,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: ctx.now,
    lease_until: null,
    last_error: null,
    created_at: ctx.now,
    updated_at: ctx.now,
    sent_at: null,
    body,
  };
  const endpoints: (string | null)[] =
    channel === 'LINE'
      ? [null]
      : (
          await ctx.tx.selectFrom('push_subscriptions').select('endpoint').where('uid', '=', owner).execute()
        ).map((s) => s.endpoint);
  if (endpoints.length === 0) {
    // Nowhere to send it: recorded as failed so staff see that this patient was not told.
    await ctx.tx
      .insertInto('outbox')
      .values({ ...base, id: randomUUID(), endpoint: null, retry_key: randomUUID(), status: 'failed', last_error: 'no push subscription' })
      .execute();
    ctx.emit({ type: 'noticeFailed', slotId: slot.id });
    return;
  }
  await ctx.tx
    .insertInto('outbox')
    .values(endpoints.map((endpoint) => ({ ...base, id: randomUUID(), endpoint, retry_key: randomUUID() })))
    .execute();
  ctx.emit({ type: 'noticeQueued', slotId: slot.id });
}

/**
 * The 5-ahead notice (DESIGN.md): every LINE/PWA reservation that has its threshold (5 unless the patient
 * chose 1–10, docs/decisions/021) or fewer people ahead and was neither notified nor skipped gets it now,
 * once. Patients staff already confirmed are skipped, with the reason recorded. Runs after every change to
 * the queue, in that change's transaction (an allocation may skip it: domain/allocation/write.ts).
 *
 * Returns the number of the (NOTICE_THRESHOLD_MAX + 1)th waiting patient (not held), or null when fewer
 * wait: a number taken behind it has more people ahead than any threshold allows, and changes no one's count.
 */
export async function enqueueAheadNotices(ctx: WriteContext): Promise<number | null> {
  const sessionId = ctx.runtime.current_session_id;
  if (!sessionId) return null;
  // Only the first NOTICE_THRESHOLD_MAX + 1 waiting rows can have that few people ahead: reading just
  // those (active as in `isActive`, not held, in number order) keeps each write's cost flat instead of
  // growing with the queue, which at opening time made 200 allocations re-read up to 200 rows each.
  const rows = await ctx.tx
    .selectFrom('reservation_slots')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('is_reserved', '=', 1)
    .where('canceled', '=', 0)
    .where('is_reception_accepted', '=', 0)
    .where('canceled_line_at', 'is', null)
    .where('canceled_pwa_at', 'is', null)
    .where('hold', '=', 0)
    .orderBy('reservation_number')
    .limit(NOTICE_THRESHOLD_MAX + 1)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const entry of publicQueue(rows.map(rowToSlot))) {
    const slot = byId.get(entry.slotId)!;
    if (entry.ahead === null || entry.ahead > slot.notice_threshold) continue;
    if (slot.reserved_type !== 'LINE' && slot.reserved_type !== 'PWA') continue;
    if (slot.notified_at || slot.ahead5_skipped_at) continue;
    if (slot.admin_confirmed_at) {
      await ctx.tx
        .updateTable('reservation_slots')
        .set({ ahead5_skipped_at: ctx.now, ahead5_skipped_reason: 'adminConfirmed', updated_at: ctx.now })
        .where('id', '=', slot.id)
        .execute();
      ctx.emit({ type: 'slotMarked', slotId: slot.id });
      continue;
    }
    // The clinic chose not to spend LINE quota on this notice: leave it unsent and unmarked.
    if (slot.reserved_type === 'LINE' && !ctx.runtime.line_ahead5_on) continue;
    await ctx.tx
      .updateTable('reservation_slots')
      .set({ notified_at: ctx.now, updated_at: ctx.now })
      .where('id', '=', slot.id)
      .execute();
    await enqueueNotice(ctx, slot, 'ahead5');
  }
  return rows.length > NOTICE_THRESHOLD_MAX ? rows[NOTICE_THRESHOLD_MAX].reservation_number : null;
}
