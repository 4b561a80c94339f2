/**
 * Staff record that a patient has arrived (来院確認 by staff), or take it back. Audited; the staff screens
 * see it at once (slotMarked). Repeating it is harmless: a row already so is left as it is, and a check-in
 * the patient made themselves keeps its time and its "patient".
 */
import { AppError } from '../../../errors.js';
import type { Store } from '../../../storage/port.js';
import type { SlotTable } from '../../../storage/schema.js';
import { type Actor, writeAudit } from '../../audit.js';
import { slotOfOpenSession } from '../../session-slot.js';

export type ArrivalChange = Pick<SlotTable, 'arrived_at' | 'arrived_by'>;

type ArrivalFacts = Pick<SlotTable, 'arrived_at' | 'canceled' | 'canceled_line_at' | 'canceled_pwa_at'>;

/** What the change is, null when the row is already so; a cancelled reservation cannot arrive. */
export function arrivalChange(slot: ArrivalFacts, arrived: boolean, now: string): ArrivalChange | null {
  if (!arrived) return slot.arrived_at ? { arrived_at: null, arrived_by: null } : null;
  if (slot.canceled || slot.canceled_line_at || slot.canceled_pwa_at) throw new AppError('FAILED_PRECONDITION', 'error.slotStateConflict');
  return slot.arrived_at ? null : { arrived_at: now, arrived_by: 'staff' };
}

export async function markArrived({ store, slotId, arrived, actor }: { store: Store; slotId: string; arrived: boolean; actor?: Actor }) {
  return store.write(async (ctx) => {
    const { tx, emit, now } = ctx;
    const slot = await slotOfOpenSession(ctx, slotId);
    const change = arrivalChange(slot, arrived, now);
    if (!change) return { ok: true as const, changed: false, arrivedAt: slot.arrived_at };
    await tx.updateTable('reservation_slots').set({ ...change, updated_at: now }).where('id', '=', slotId).execute();
    emit({ type: 'slotMarked', slotId });
    const before = { arrived_at: slot.arrived_at, arrived_by: slot.arrived_by };
    const action = arrived ? 'markArrived' : 'markArrived.undo';
    await writeAudit(tx, actor, { action, target: `#${slot.reservation_number} ${slotId}`, before, after: change }, now);
    return { ok: true as const, changed: true, arrivedAt: change.arrived_at };
  });
}
