/**
 * Staff actions on a slot (docs/product.md, "Queue rules"): start, delete, hold, each with its undo, and confirm. Repeating
 * an action is harmless (a double click at a busy counter changes nothing); contradictory ones are refused.
 */
import type { MarkAction } from '../../../shared/schemas/functions.js';
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/port.js';
import { enqueueAheadNotices } from '../notices/outbox.js';
import { type Actor, writeAudit } from '../audit.js';
import { slotOfOpenSession } from '../session-slot.js';
import { recordCallout } from '../callout/callouts.js';
import type { SlotTable } from '../../storage/schema.js';

type Change = Partial<Pick<SlotTable,
  'is_reception_accepted' | 'reception_accepted_at' | 'canceled' | 'canceled_at' | 'hold' | 'hold_at' | 'admin_confirmed_at'>>;

type SlotFlags = Pick<SlotTable,
  'canceled' | 'is_reception_accepted' | 'hold' | 'reserved_type' | 'admin_confirmed_at' | 'canceled_line_at' | 'canceled_pwa_at'>;

/** What an action changes on a slot, null when it is already so; throws when the slot's state forbids it. */
export function markChange(action: MarkAction, slot: SlotFlags, now: string): Change | null {
  const conflict = () => new AppError('FAILED_PRECONDITION', 'error.slotStateConflict');
  switch (action) {
    case 'start':
      if (slot.canceled) throw conflict();
      return slot.is_reception_accepted ? null : { is_reception_accepted: 1, reception_accepted_at: now };
    case 'undoStart':
      return slot.is_reception_accepted ? { is_reception_accepted: 0, reception_accepted_at: null } : null;
    case 'delete':
      return slot.canceled ? null : { canceled: 1, canceled_at: now };
    case 'undoDelete':
      if (!slot.canceled) return null;
      // A patient's own cancellation is theirs: staff cannot put them back in the queue.
      if (slot.canceled_line_at || slot.canceled_pwa_at) throw conflict();
      return { canceled: 0, canceled_at: null };
    case 'hold':
      if (slot.canceled || slot.is_reception_accepted) throw conflict();
      return slot.hold ? null : { hold: 1, hold_at: now };
    case 'undoHold':
      return slot.hold ? { hold: 0, hold_at: null } : null;
    case 'confirm':
      if (slot.reserved_type !== 'LINE' && slot.reserved_type !== 'PWA') {
        throw new AppError('FAILED_PRECONDITION', 'error.slotNotChannel');
      }
      return slot.admin_confirmed_at ? null : { admin_confirmed_at: now };
  }
}

export async function markSlot({ store, slotId, action, actor }: { store: Store; slotId: string; action: MarkAction; actor?: Actor }) {
  try {
    return await store.write(async (ctx) => {
      const { tx, emit, now } = ctx;
      const slot = await slotOfOpenSession(ctx, slotId);
      const change = markChange(action, slot, now);
      if (change) {
        await tx.updateTable('reservation_slots').set({ ...change, updated_at: now }).where('id', '=', slotId).execute();
        emit({ type: 'slotMarked', slotId });
        // Starting a number calls it into the consulting room: the monitor announces it (issue 15).
        if (action === 'start') await recordCallout(ctx, slot.reservation_number, 'start');
        await enqueueAheadNotices(ctx);
        const before = Object.fromEntries(Object.keys(change).map((k) => [k, slot[k as keyof typeof change]]));
        await writeAudit(tx, actor, { action: `markSlot.${action}`, target: `#${slot.reservation_number} ${slotId}`, before, after: change }, now);
      }
      return { ok: true as const };
    });
  } catch (err) {
    // Undoing a start or delete would give the patient a second active reservation.
    if (store.isUniqueViolation(err)) throw new AppError('ALREADY_EXISTS', 'error.undoConflict');
    throw err;
  }
}
