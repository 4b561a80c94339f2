/** The staff 呼出 (issue 15): the monitor calls a waiting number out without starting the consultation. */
import type { CalloutSettings } from '../../../shared/callout/types.js';
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/port.js';
import { type Actor, writeAudit } from '../audit.js';
import { slotOfOpenSession } from '../session-slot.js';
import { calloutSettings, recordCallout } from './callouts.js';

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

export async function setCalloutSettings({ store, settings, actor }: { store: Store; settings: CalloutSettings; actor?: Actor }) {
  return store.write(async ({ tx, emit, runtime, now }) => {
    const before = calloutSettings(runtime);
    await tx
      .updateTable('runtime')
      .set({ callout_on: settings.on ? 1 : 0, callout_volume: settings.volume, callout_text: settings.text })
      .where('id', '=', 1)
      .execute();
    emit({ type: 'settingsChanged' });
    await writeAudit(tx, actor, { action: 'setCalloutSettings', before, after: settings }, now);
    return { ok: true as const };
  });
}
