/** Staff mark a patient arrived or take it back, the rule: the change, "already so", or a refusal. */
import { AppError } from '../../../errors.js';
import type { SlotTable } from '../../../storage/schema.js';

export type ArrivalChange = Pick<SlotTable, 'arrived_at' | 'arrived_by'>;

type ArrivalFacts = Pick<SlotTable, 'arrived_at' | 'canceled' | 'canceled_line_at' | 'canceled_pwa_at'>;

/** What the change is, null when the row is already so; a cancelled reservation cannot arrive. */
export function arrivalChange(slot: ArrivalFacts, arrived: boolean, now: string): ArrivalChange | null {
  if (!arrived) return slot.arrived_at ? { arrived_at: null, arrived_by: null } : null;
  if (slot.canceled || slot.canceled_line_at || slot.canceled_pwa_at) throw new AppError('FAILED_PRECONDITION', 'error.slotStateConflict');
  return slot.arrived_at ? null : { arrived_at: now, arrived_by: 'staff' };
}
