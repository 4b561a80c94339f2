/**
 * Writes notices into the outbox inside the transaction of the change that causes them, so a notice
 * exists exactly when its cause committed (never lost, never invented by a rolled-back write). What is
 * sent to whom is decided in turn-near/rule.ts.
 */
import { NOTICE_THRESHOLD_MAX } from '../../../shared/queue/slot.js';
import type { WriteContext } from '../../storage/port.js';
import type { OutboxTable, SlotTable } from '../../storage/schema.js';
import { aheadNotices, noticeRows, noticeTarget, ticketPushTarget } from './turn-near/rule.js';
import { activeSlot } from '../../storage/slot-row.js';
import { withNumbers } from '../sms/read.js';
import { slotsWithTicketPush, ticketPushEndpoints } from '../ticket-push/read.js';

/**
 * Queues one message per recipient: the LINE user, or each of a PWA user's push subscriptions, or a desk
 * patient's mobile by SMS (decision 070: the turn-is-near notice and the recall, while the clinic has SMS on
 * and the number is saved), and for those two notices also each push subscription a desk number's ticket
 * page made (decision 073), as channel PWA rows whose recipient is the number itself.
 */
export async function enqueueNotice(ctx: WriteContext, slot: SlotTable, kind: OutboxTable['kind'], body: string | null = null): Promise<void> {
  const desk = (kind === 'ahead5' || kind === 'recall') && slot.reserved_type === 'ADMIN';
  const sms = desk && ctx.runtime.sms_on === 1 && (await withNumbers(ctx.tx, [slot.id])).has(slot.id);
  const ticketEndpoints = desk ? await ticketPushEndpoints(ctx.tx, slot.id) : [];
  const target = noticeTarget(slot, sms);
  const rows: OutboxTable[] = [];
  if (target) {
    const endpoints =
      target.channel !== 'PWA'
        ? [null]
        : (await ctx.tx.selectFrom('push_subscriptions').select('endpoint').where('uid', '=', target.recipient).execute()).map((s) => s.endpoint);
    rows.push(...noticeRows(target, kind, body, endpoints, ctx.now));
  }
  if (ticketEndpoints.length > 0) rows.push(...noticeRows(ticketPushTarget(slot), kind, body, ticketEndpoints, ctx.now));
  if (rows.length === 0) return;
  await ctx.tx.insertInto('outbox').values(rows).execute();
  ctx.emit({ type: rows.some((r) => r.status !== 'failed') ? 'noticeQueued' : 'noticeFailed', slotId: slot.id });
}

/**
 * Sends the turn-is-near notices now due (turn-near/rule.ts `aheadNotices`). Runs after every change to the queue,
 * in that change's transaction (an allocation may skip it: domain/allocation/apply.ts). Returns the boundary
 * number of `aheadNotices`.
 */
export async function enqueueAheadNotices(ctx: WriteContext): Promise<number | null> {
  const sessionId = ctx.runtime.current_session_id;
  if (!sessionId) return null;
  // People ahead count within each queue (decision 061): a queue's write settles its own queue; a
  // clinic-wide one (a cancel, a staff action) every queue, each apart. The boundary is the queue's.
  if (ctx.queue) return queueAheadNotices(ctx, sessionId, ctx.queue.id);
  const queues = await ctx.tx.selectFrom('queues').select('id').where('removed_at', 'is', null).orderBy('position').execute();
  for (const { id } of queues) await queueAheadNotices(ctx, sessionId, id);
  return null;
}

async function queueAheadNotices(ctx: WriteContext, sessionId: string, queueId: string): Promise<number | null> {
  // Only the first NOTICE_THRESHOLD_MAX + 1 waiting rows can have that few people ahead: reading just
  // those (active as in `isActive`, not held, in queue order as `byQueueOrder`) keeps each write's cost flat instead of
  // growing with the queue, which at opening time made 200 allocations re-read up to 200 rows each.
  const waiting = await ctx.tx
    .selectFrom('reservation_slots')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('queue_id', '=', queueId)
    .where(activeSlot)
    .where('hold', '=', 0)
    .orderBy('queue_position')
    .orderBy('reservation_number')
    .limit(NOTICE_THRESHOLD_MAX + 1)
    .execute();
  // Desk numbers told something: with a mobile while SMS is on (decision 070), or a ticket page subscribed (073).
  const desk = waiting.filter((s) => s.reserved_type === 'ADMIN').map((s) => s.id);
  const reachable = await slotsWithTicketPush(ctx.tx, desk);
  if (ctx.runtime.sms_on === 1) for (const id of await withNumbers(ctx.tx, desk)) reachable.add(id);
  const { actions, boundary } = aheadNotices(waiting, ctx.runtime.line_ahead5_on === 1, reachable);
  for (const { slot, action } of actions) {
    if (action === 'skipConfirmed') {
      await ctx.tx
        .updateTable('reservation_slots')
        .set({ ahead5_skipped_at: ctx.now, ahead5_skipped_reason: 'adminConfirmed', updated_at: ctx.now })
        .where('id', '=', slot.id)
        .execute();
      ctx.emit({ type: 'slotMarked', slotId: slot.id });
      continue;
    }
    await sendTurnNear(ctx, slot);
  }
  return boundary;
}

/**
 * The turn-is-near notice for `slot`, now: marked told and queued in the outbox; by people ahead (above) or
 * by minutes before the turn (minutes/apply.ts). A family is told once, with its first member (decision
 * 053): the others are marked told with it and never told on their own.
 */
export async function sendTurnNear(ctx: WriteContext, slot: SlotTable): Promise<void> {
  await ctx.tx.updateTable('reservation_slots').set({ notified_at: ctx.now, updated_at: ctx.now }).where('id', '=', slot.id).execute();
  await enqueueNotice(ctx, slot, 'ahead5');
  if (slot.family_id) {
    await ctx.tx
      .updateTable('reservation_slots')
      .set({ notified_at: ctx.now, updated_at: ctx.now })
      .where('session_id', '=', slot.session_id)
      .where('family_id', '=', slot.family_id)
      .where('notified_at', 'is', null)
      .execute();
  }
}
