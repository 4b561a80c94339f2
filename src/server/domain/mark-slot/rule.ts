/**
 * Staff actions on a slot (docs/product.md, "Queue rules"): start, delete, hold, each with its undo, and confirm. Repeating
 * an action is harmless (a double click at a busy counter changes nothing); contradictory ones are refused.
 */
import type { MarkAction } from '../../../shared/schemas/functions.js';
import { AppError } from '../../errors.js';
import type { SlotTable } from '../../storage/schema.js';

export type MarkChange = Partial<Pick<SlotTable,
  'is_reception_accepted' | 'reception_accepted_at' | 'canceled' | 'canceled_at' | 'hold' | 'hold_at' | 'admin_confirmed_at'>>;

type SlotFlags = Pick<SlotTable,
  'canceled' | 'is_reception_accepted' | 'hold' | 'reserved_type' | 'admin_confirmed_at' | 'canceled_line_at' | 'canceled_pwa_at'>;

/** What an action changes on a slot, null when it is already so; throws when the slot's state forbids it. */
export function markChange(action: MarkAction, slot: SlotFlags, now: string): MarkChange | null {
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
