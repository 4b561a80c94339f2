/**
 * Staff recall (SPEC.md §4, §7 sendReservationMessageBySlot): once per LINE/PWA reservation, and only when
 * that channel can actually send. It records `notifiedAheadAt` and a `recallRequested` event in the same
 * transaction; delivery of the message itself belongs to the notification outbox.
 */
import type { PatientChannel } from '../../shared/queue/slot.js';
import { AppError } from '../errors.js';
import type { Store } from '../storage/port.js';

export interface RequestRecallOptions {
  store: Store;
  slotId: string;
  /** Whether messages can go out through a channel (LINE token, VAPID subject configured). */
  channelReady(channel: PatientChannel): boolean;
}

export async function requestRecall({ store, slotId, channelReady }: RequestRecallOptions) {
  return store.write(async ({ tx, emit, now }) => {
    const slot = await tx
      .selectFrom('reservation_slots')
      .select(['reserved_type', 'notified_ahead_at', 'canceled'])
      .where('id', '=', slotId)
      .where('is_reserved', '=', 1)
      .executeTakeFirst();
    if (!slot || slot.canceled) throw new AppError('NOT_FOUND', 'error.slotNotFound');
    const channel = slot.reserved_type;
    if (channel !== 'LINE' && channel !== 'PWA') throw new AppError('FAILED_PRECONDITION', 'error.slotNotChannel');
    if (slot.notified_ahead_at) throw new AppError('FAILED_PRECONDITION', 'error.recallAlreadySent');
    if (!channelReady(channel)) {
      throw new AppError(
        'FAILED_PRECONDITION',
        channel === 'LINE' ? 'error.lineMessagingNotConfigured' : 'error.pushNotConfigured',
      );
    }
    await tx.updateTable('reservation_slots').set({ notified_ahead_at: now, updated_at: now }).where('id', '=', slotId).execute();
    emit({ type: 'recallRequested', slotId });
    return { ok: true as const };
  });
}
