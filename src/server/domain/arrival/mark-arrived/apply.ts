/**
 * Staff record that a patient has arrived (来院確認 by staff), or take it back. Audited; the staff screens
 * see it at once (slotMarked). Repeating it is harmless: a row already so is left as it is, and a check-in
 * the patient made themselves keeps its time and its "patient". The rule is rule.ts.
 */
import type { Store } from '../../../storage/port.js';
import { type Actor, writeAudit } from '../../audit.js';
import { slotOfOpenSession } from '../../session-slot.js';
import { arrivalChange } from './rule.js';
import { writeInSlotQueue } from '../../slot-queue.js';

export async function markArrived({ store, slotId, arrived, actor }: { store: Store; slotId: string; arrived: boolean; actor?: Actor }) {
  return writeInSlotQueue(store, slotId, async (ctx) => {
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
