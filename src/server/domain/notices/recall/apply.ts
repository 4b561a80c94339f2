/**
 * Staff recall (sendReservationMessageBySlot): once per LINE/PWA reservation (or desk one with a mobile, by SMS), and only when that channel
 * can actually send. `notifiedAheadAt` and the outbox message are written in one transaction; the notify
 * worker delivers it. The rule is rule.ts.
 */
import type { PatientChannel } from '../../../../shared/queue/slot.js';
import type { Store } from '../../../storage/port.js';
import { type Actor, writeAudit } from '../../audit.js';
import { slotOfOpenSession } from '../../session-slot.js';
import { recordCallout } from '../../callout/callouts.js';
import { recallChannel } from './rule.js';
import { enqueueNotice } from '../outbox.js';
import { withNumbers } from '../../sms/read.js';
import { ticketPushEndpoints } from '../../ticket-push/read.js';

export interface RequestRecallOptions {
  store: Store;
  slotId: string;
  /** Whether messages can go out through a channel (LINE token, VAPID subject configured). */
  channelConfigured(channel: PatientChannel): boolean;
  actor?: Actor;
}

export async function requestRecall({ store, slotId, channelConfigured, actor }: RequestRecallOptions) {
  // Clinic-wide, not the slot's queue (decision 064): the call-out it appends is kept on the runtime row.
  return store.write(async (ctx) => {
    const { tx, emit, now, runtime } = ctx;
    const slot = await slotOfOpenSession(ctx, slotId);
    const sms = slot.reserved_type === 'ADMIN' && runtime.sms_on === 1 && (await withNumbers(tx, [slotId])).has(slotId);
    const ticketPush = slot.reserved_type === 'ADMIN' && (await ticketPushEndpoints(tx, slotId)).length > 0;
    const channel = recallChannel(slot, channelConfigured, runtime.line_recall_on === 1, sms, ticketPush);
    await tx.updateTable('reservation_slots').set({ notified_ahead_at: now, updated_at: now }).where('id', '=', slotId).execute();
    emit({ type: 'recallRequested', slotId });
    await recordCallout(ctx, slot.reservation_number, 'recall');
    await enqueueNotice(ctx, slot, 'recall');
    await writeAudit(tx, actor, { action: 'recall', target: `#${slot.reservation_number} ${slotId}`, after: { channel } }, now);
    return { ok: true as const };
  });
}
