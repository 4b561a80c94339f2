/** A staff action on a slot, applied in one write with its audit line (the rule is rule.ts). */
import type { MarkAction } from '../../../shared/schemas/functions.js';
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/port.js';
import { enqueueAheadNotices } from '../notices/outbox.js';
import { type Actor, writeAudit } from '../audit.js';
import { slotOfOpenSession } from '../session-slot.js';
import { recordCallout } from '../callout/callouts.js';
import { markChange } from './rule.js';
import { writeInSlotQueue } from '../slot-queue.js';
import type { WriteContext } from '../../storage/port.js';
import { forgetEndedNumbers } from '../sms/apply.js';
import { forgetEndedTicketPush } from '../ticket-push/forget.js';

export async function markSlot({ store, slotId, action, actor }: { store: Store; slotId: string; action: MarkAction; actor?: Actor }) {
  try {
    const write = async (ctx: WriteContext) => {
      const { tx, emit, now } = ctx;
      const slot = await slotOfOpenSession(ctx, slotId);
      const change = markChange(action, slot, now);
      if (change) {
        await tx.updateTable('reservation_slots').set({ ...change, updated_at: now }).where('id', '=', slotId).execute();
        emit({ type: 'slotMarked', slotId });
        // Starting a number calls it into the consulting room: the monitor announces it (issue 15).
        if (action === 'start') await recordCallout(ctx, slot.reservation_number, 'start');
        await enqueueAheadNotices(ctx);
        // Served or deleted: the reservation's mobile number and its ticket page's subscriptions go with it (decisions 070, 073).
        if (action === 'start' || action === 'delete') {
          await forgetEndedNumbers(ctx);
          await forgetEndedTicketPush(ctx);
        }
        const before = Object.fromEntries(Object.keys(change).map((k) => [k, slot[k as keyof typeof change]]));
        await writeAudit(tx, actor, { action: `markSlot.${action}`, target: `#${slot.reservation_number} ${slotId}`, before, after: change }, now);
      }
      return { ok: true as const };
    };
    // A start appends to the monitor's call-outs, kept on the runtime row: that one stays clinic-wide
    // (decision 064). Every other action touches its own queue only.
    return await (action === 'start' ? store.write(write) : writeInSlotQueue(store, slotId, write));
  } catch (err) {
    // Undoing a start or delete would give the patient a second active reservation.
    if (store.isUniqueViolation(err)) throw new AppError('ALREADY_EXISTS', 'error.undoConflict');
    throw err;
  }
}
