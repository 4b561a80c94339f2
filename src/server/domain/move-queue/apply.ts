/**
 * Moving a waiting patient to another queue, in one clinic-wide write with its audit line (the rule is
 * rule.ts). Clinic-wide because it touches two queues: it waits for both queues' writes in progress
 * (decision 061). The old number is cancelled by staff (not by the patient, so it is not counted as the
 * patient's cancellation); the patient keeps everything else on the target queue's lowest free number, and
 * is told by a 'moved' notice written in the same transaction (decision 067). A desk patient's mobile goes
 * with them (decision 070), so the new queue's turn-near text still reaches them.
 */
import type { Sealer } from '../../auth/sealed.js';
import { AppError } from '../../errors.js';
import type { Store, WriteContext } from '../../storage/port.js';
import type { SlotTable } from '../../storage/schema.js';
import { enqueueAheadNotices, enqueueNotice } from '../notices/outbox.js';
import { type Actor, writeAudit } from '../audit.js';
import { slotOfOpenSession } from '../session-slot.js';
import { placeAmong, refuseMove } from './rule.js';
import { movedNoticeBody, parseMovedNotice } from './notice-body.js';
import { carryNumber } from '../sms/apply.js';

interface MoveToQueue {
  store: Store;
  /** Opens and seals again a desk patient's mobile (sms/keys.ts). */
  seal: Sealer;
  slotId: string;
  queueId: string;
  actor?: Actor;
}

export async function moveToQueue({ store, seal, slotId, queueId, actor }: MoveToQueue) {
  try {
    return await store.write(async (ctx) => {
      const { tx, emit, now, runtime } = ctx;
      const slot = await slotOfOpenSession(ctx, slotId);
      const target = await tx.selectFrom('queues').select(['id', 'removed_at']).where('id', '=', queueId).executeTakeFirst();
      const inTarget = tx.selectFrom('reservation_slots').where('session_id', '=', slot.session_id).where('queue_id', '=', queueId);
      const free = await inTarget.select(['id', 'reservation_number']).where('is_reserved', '=', 0).orderBy('reservation_number').limit(1).executeTakeFirst();
      refuseMove(slot, target, free ? 1 : 0);
      const waiting = await inTarget
        .select(['reserved_at', 'queue_position'])
        .where('is_reserved', '=', 1)
        .where('canceled', '=', 0)
        .where('is_reception_accepted', '=', 0)
        .where('hold', '=', 0)
        .orderBy('queue_position')
        .orderBy('reservation_number')
        .execute();
      const position = placeAmong(waiting, slot.reserved_at ?? now, free!.reservation_number);

      const from = await withdrawUntold(ctx, slot);
      // The old number first: while it is active the database's one-active-number guard would refuse the new one.
      await tx.updateTable('reservation_slots').set({ canceled: 1, canceled_at: now, updated_at: now }).where('id', '=', slotId).execute();
      await tx
        .updateTable('reservation_slots')
        .set({
          is_reserved: 1,
          reserved_type: slot.reserved_type,
          reserved_at: slot.reserved_at,
          owner_id: slot.owner_id,
          notice_lang: slot.notice_lang,
          notice_threshold: slot.notice_threshold,
          notice_minutes: slot.notice_minutes,
          family_id: slot.family_id,
          member_name: slot.member_name,
          member_index: slot.member_index,
          arrived_at: slot.arrived_at,
          arrived_by: slot.arrived_by,
          hold: slot.hold,
          hold_at: slot.hold_at,
          admin_confirmed_at: slot.admin_confirmed_at,
          // Not a new patient at the desk: the new-number beep already sounded for them.
          admin_beep_announced: slot.admin_beep_announced,
          queue_position: position,
          moved_from: from,
          active_scope: runtime.number_per_queue ? queueId : '',
          updated_at: now,
        })
        .where('id', '=', free!.id)
        .execute();
      // Before the turn-near notices below, which text a desk number only while it has a mobile.
      await carryNumber(ctx, seal, slotId, free!.id);
      emit({ type: 'slotCanceled', slotId });
      emit({ type: 'slotAllocated', slotId: free!.id });
      await tellMoved(ctx, slot.id, { ...slot, id: free!.id, reservation_number: free!.reservation_number, queue_id: queueId }, from);
      await enqueueAheadNotices(ctx);
      await writeAudit(
        tx,
        actor,
        {
          action: 'moveToQueue',
          target: `#${slot.reservation_number} ${slotId} → #${free!.reservation_number} ${free!.id}`,
          before: { queueId: slot.queue_id, number: slot.reservation_number },
          after: { queueId, number: free!.reservation_number },
        },
        now,
      );
      return { ok: true as const, slotId: free!.id, reservationNumber: free!.reservation_number };
    });
  } catch (err) {
    // Where the clinic allows one number per queue, the patient may already hold one in the target queue.
    if (store.isUniqueViolation(err)) throw new AppError('ALREADY_EXISTS', 'error.alreadyReserved');
    throw err;
  }
}

/**
 * The patient is told once, in this write (decision 067): a move that fails sends nothing. A move of a number
 * whose own move notice is still untold (pending, never tried: an undo a moment later) withdraws that notice,
 * and the new one names the number the patient last knew, so they read one message with the number that
 * counts. A notice a sender has tried may have landed: it stays, and this move is told on its own. Returns
 * the number the patient last knew, which the new number keeps as `moved_from` for their card.
 */
async function withdrawUntold(ctx: WriteContext, old: SlotTable): Promise<number> {
  const untold = await ctx.tx
    .deleteFrom('outbox')
    .where('slot_id', '=', old.id)
    .where('kind', '=', 'moved')
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .returning('body')
    .execute();
  return untold.map((row) => parseMovedNotice(row.body)?.from).find((n) => n !== undefined) ?? old.reservation_number;
}

async function tellMoved(ctx: WriteContext, oldId: string, now: SlotTable, from: number): Promise<void> {
  // The LINE MINI App service token was the old number's: the new one's notices may use it (decision 051).
  await ctx.tx.updateTable('service_tokens').set({ slot_id: now.id }).where('slot_id', '=', oldId).execute();
  await enqueueNotice(ctx, now, 'moved', movedNoticeBody({ from }));
}
