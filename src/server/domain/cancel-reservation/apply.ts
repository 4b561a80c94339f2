/** A patient cancels their own active reservation, applied (the rule is rule.ts). */
import type { PatientChannel } from '../../../shared/queue/slot.js';
import type { Store } from '../../storage/port.js';
import { enqueueAheadNotices } from '../notices/outbox.js';
import { type PatientBudget, writePatientChange } from '../patient-change.js';
import { cancelChange } from './rule.js';

export interface CancelReservationOptions {
  store: Store;
  ownerId: string;
  channel: PatientChannel;
  slotId: string;
  reservationNumber: number;
  budget?: PatientBudget;
}

/** A refusal is found by a read outside the writers' lock; the cancellation spends the patient's budget. */
export async function cancelReservation({ store, ownerId, channel, slotId, reservationNumber, budget }: CancelReservationOptions) {
  await writePatientChange(store, budget, {
    slotId,
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
