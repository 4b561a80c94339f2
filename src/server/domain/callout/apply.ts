/**
 * The staff 呼出 (issue 15): the monitor calls a waiting number out without starting the consultation.
 * Which slot may be called is rule.ts; the call-out, its event and its audit line are one write.
 */
import type { Store } from '../../storage/port.js';
import { type Actor, writeAudit } from '../audit.js';
import { slotOfOpenSession } from '../session-slot.js';
import { recordCallout } from './callouts.js';
import { calloutNumber } from './rule.js';

export async function callSlot({ store, slotId, actor }: { store: Store; slotId: string; actor?: Actor }) {
  return store.write(async (ctx) => {
    const slot = await slotOfOpenSession(ctx, slotId);
    const callout = await recordCallout(ctx, calloutNumber(slot), 'call');
    ctx.emit({ type: 'calloutMade', slotId });
    await writeAudit(ctx.tx, actor, { action: 'callSlot', target: `#${slot.reservation_number} ${slotId}`, after: { calloutId: callout.id } }, ctx.now);
    return { ok: true as const, calloutId: callout.id };
  });
}
