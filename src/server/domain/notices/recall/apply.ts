/**
 * Staff recall (sendReservationMessageBySlot): once per LINE/PWA reservation, and only when that channel
 * can actually send. `notifiedAheadAt` and the outbox message are written in one transaction; the notify
 * worker delivers it.
 */
import type { PatientChannel } from '../../../../shared/queue/slot.js';
import { AppError } from '../../../errors.js';
import type { Store } from '../../../storage/port.js';
import type { SlotTable } from '../../../storage/schema.js';
import { type Actor, writeAudit } from '../../audit.js';
import { slotOfOpenSession } from '../../session-slot.js';
import { recordCallout } from '../../callout/callouts.js';
import { enqueueNotice } from '../outbox.js';

export interface RequestRecallOptions {
  store: Store;
  slotId: string;
  /** Whether messages can go out through a channel (LINE token, VAPID subject configured). */
  channelConfigured(channel: PatientChannel): boolean;
  actor?: Actor;
}

/** The channel a recall goes out on; throws when this slot may not be recalled (now, or ever again). */
export function recallChannel(
  slot: Pick<SlotTable, 'canceled' | 'reserved_type' | 'notified_ahead_at'>,
  channelConfigured: (channel: PatientChannel) => boolean,
  lineRecallOn: boolean,
): PatientChannel {
  if (slot.canceled) throw new AppError('NOT_FOUND', 'error.slotNotFound');
  const channel = slot.reserved_type;
  if (channel !== 'LINE' && channel !== 'PWA') throw new AppError('FAILED_PRECONDITION', 'error.slotNotChannel');
  if (slot.notified_ahead_at) throw new AppError('FAILED_PRECONDITION', 'error.recallAlreadySent');
  if (!channelConfigured(channel)) {
    throw new AppError('FAILED_PRECONDITION', channel === 'LINE' ? 'error.lineMessagingNotConfigured' : 'error.pushNotConfigured');
  }
  // Each LINE push costs quota: the clinic may keep recalls to the screen.
  if (channel === 'LINE' && !lineRecallOn) throw new AppError('FAILED_PRECONDITION', 'error.lineRecallOff');
  return channel;
}

export async function requestRecall({ store, slotId, channelConfigured, actor }: RequestRecallOptions) {
  return store.write(async (ctx) => {
    const { tx, emit, now, runtime } = ctx;
    const slot = await slotOfOpenSession(ctx, slotId);
    const channel = recallChannel(slot, channelConfigured, runtime.line_recall_on === 1);
    await tx.updateTable('reservation_slots').set({ notified_ahead_at: now, updated_at: now }).where('id', '=', slotId).execute();
    emit({ type: 'recallRequested', slotId });
    await recordCallout(ctx, slot.reservation_number, 'recall');
    await enqueueNotice(ctx, slot, 'recall');
    await writeAudit(tx, actor, { action: 'recall', target: `#${slot.reservation_number} ${slotId}`, after: { channel } }, now);
    return { ok: true as const };
  });
}
