/** A patient cancels their own active reservation. The number is never handed out again. */
import type { PatientChannel } from '../../shared/queue/slot.js';
import { AppError } from '../errors.js';
import type { Store } from '../storage/port.js';
import { enqueueAheadNotices } from './notices/outbox.js';

export interface CancelReservationOptions {
  store: Store;
  ownerId: string;
  channel: PatientChannel;
  slotId: string;
  reservationNumber: number;
}

export async function cancelReservation({ store, ownerId, channel, slotId, reservationNumber }: CancelReservationOptions) {
  return store.write(async (ctx) => {
    const { tx, emit, now } = ctx;
    const slot = await tx
      .selectFrom('reservation_slots')
      .select(['id', 'reservation_number', 'owner_id'])
      .where('id', '=', slotId)
      .where('is_reserved', '=', 1)
      .where('canceled', '=', 0)
      .where('is_reception_accepted', '=', 0)
      .executeTakeFirst();
    // Someone else's slot reads exactly like a missing one: no probing for other patients' numbers.
    if (!slot || slot.owner_id !== ownerId || slot.reservation_number !== reservationNumber) {
      throw new AppError('NOT_FOUND', 'error.reservationNotFound');
    }
    await tx
      .updateTable('reservation_slots')
      .set({
        canceled: 1,
        canceled_at: now,
        updated_at: now,
        ...(channel === 'LINE' ? { canceled_line_at: now } : { canceled_pwa_at: now }),
      })
      .where('id', '=', slotId)
      .execute();
    emit({ type: 'slotCanceled', slotId });
    await enqueueAheadNotices(ctx);
    return { ok: true as const };
  });
}
