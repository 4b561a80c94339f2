/**
 * The staff 呼出 (issue 15): the monitor calls a waiting number out without starting the consultation.
 * No rule file: any slot of the open session that is not cancelled may be called, the one check below.
 */
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/port.js';
import { type Actor, writeAudit } from '../audit.js';
import { slotOfOpenSession } from '../session-slot.js';
import { recordCallout } from './callouts.js';

export async function callSlot({ store, slotId, actor }: { store: Store; slotId: string; actor?: Actor }) {
  return store.write(async (ctx) => {
    const slot = await slotOfOpenSession(ctx, slotId);
    if (slot.canceled) throw new AppError('NOT_FOUND', 'error.slotNotFound');
    const callout = await recordCallout(ctx, slot.reservation_number, 'call');
    ctx.emit({ type: 'calloutMade', slotId });
    await writeAudit(ctx.tx, actor, { action: 'callSlot', target: `#${slot.reservation_number} ${slotId}`, after: { calloutId: callout.id } }, ctx.now);
    return { ok: true as const, calloutId: callout.id };
  });
}
