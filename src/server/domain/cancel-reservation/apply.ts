/** A patient cancels their own active reservation. The number is never handed out again. */
import type { PatientChannel } from '../../../shared/queue/slot.js';
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/port.js';
import type { SlotTable } from '../../storage/schema.js';
import { enqueueAheadNotices } from '../notices/outbox.js';
import { type PatientBudget, writePatientChange } from '../patient-change.js';

export interface CancelReservationOptions {
  store: Store;
  ownerId: string;
  channel: PatientChannel;
  slotId: string;
  reservationNumber: number;
  budget?: PatientBudget;
}

type Change = Partial<Pick<SlotTable, 'canceled' | 'canceled_at' | 'canceled_line_at' | 'canceled_pwa_at'>>;

/**
 * The cancellation of `slot` (the active reservation with that id, if any), stamped with the channel the
 * patient cancelled through (staff cannot undo a patient's own cancellation); throws when it is not theirs.
 */
export function cancelChange(
  slot: Pick<SlotTable, 'owner_id' | 'reservation_number'> | undefined,
  who: { ownerId: string; channel: PatientChannel; reservationNumber: number },
  now: string,
): Change {
  // Someone else's slot reads exactly like a missing one: no probing for other patients' numbers.
  if (!slot || slot.owner_id !== who.ownerId || slot.reservation_number !== who.reservationNumber) {
    throw new AppError('NOT_FOUND', 'error.reservationNotFound');
  }
  return { canceled: 1, canceled_at: now, ...(who.channel === 'LINE' ? { canceled_line_at: now } : { canceled_pwa_at: now }) };
}

/** A refusal is found by a read outside the writers' lock; the cancellation spends the patient's budget. */
export async function cancelReservation({ store, ownerId, channel, slotId, reservationNumber, budget }: CancelReservationOptions) {
  await writePatientChange(store, budget, {
    read: (db) =>
      db
        .selectFrom('reservation_slots')
        .select(['reservation_number', 'owner_id'])
        .where('id', '=', slotId)
        .where('is_reserved', '=', 1)
        .where('canceled', '=', 0)
        .where('is_reception_accepted', '=', 0)
        .executeTakeFirst(),
    decide: (slot, now) => cancelChange(slot, { ownerId, channel, reservationNumber }, now),
    async apply(ctx, change) {
      await ctx.tx.updateTable('reservation_slots').set({ ...change, updated_at: ctx.now }).where('id', '=', slotId).execute();
      ctx.emit({ type: 'slotCanceled', slotId });
      await enqueueAheadNotices(ctx);
    },
  });
  return { ok: true as const };
}
