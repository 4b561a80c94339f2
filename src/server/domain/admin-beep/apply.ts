/**
 * Exactly one staff screen wins the beep for a new LINE/PWA reservation (docs/product.md, "Queue rules").
 * No rule file: the first claim wins, and the conditional update below is that rule.
 */
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/port.js';

export async function claimAdminBeep({ store, slotId }: { store: Store; slotId: string }) {
  return store.write(async ({ tx, emit }) => {
    const result = await tx
      .updateTable('reservation_slots')
      .set({ admin_beep_announced: 1 })
      .where('id', '=', slotId)
      .where('is_reserved', '=', 1)
      .where('reserved_type', 'in', ['LINE', 'PWA'])
      .where('admin_beep_announced', '=', 0)
      .executeTakeFirst();
    const claimed = Number(result.numUpdatedRows) === 1;
    if (claimed) {
      emit({ type: 'beepClaimed', slotId });
      return { claimed };
    }
    const exists = await tx.selectFrom('reservation_slots').select('id').where('id', '=', slotId).executeTakeFirst();
    if (!exists) throw new AppError('NOT_FOUND', 'error.slotNotFound');
    return { claimed };
  });
}
