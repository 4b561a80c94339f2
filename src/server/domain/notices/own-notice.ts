/**
 * The patient's own notice (issue 14, docs/decisions/021): the owner of an active reservation chooses how
 * many people ahead they want to be told at. The change itself sends nothing; the next queue change checks
 * the new threshold like any other (enqueueAheadNotices), and a notice already sent is never sent again.
 */
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/port.js';
import type { SlotTable } from '../../storage/schema.js';
import { activeSlot } from '../../storage/slot-row.js';
import { type PatientBudget, writePatientChange } from '../patient-change.js';

export interface SetNoticeThresholdOptions {
  store: Store;
  ownerId: string;
  slotId: string;
  threshold: number;
  budget?: PatientBudget;
}

type OwnSlot = Pick<SlotTable, 'owner_id' | 'session_id' | 'notified_at' | 'notice_threshold'>;

/**
 * Whether the threshold changes (false: already so). `slot` is the active reservation with that id, if
 * any; throws when it is not this patient's in the open session, or its notice already went out.
 */
export function thresholdChanges(slot: OwnSlot | undefined, who: { ownerId: string; sessionId: string | null }, threshold: number): boolean {
  // Someone else's slot reads exactly like a missing one: no probing for other patients' numbers.
  if (!slot || slot.owner_id !== who.ownerId || slot.session_id !== who.sessionId) {
    throw new AppError('NOT_FOUND', 'error.reservationNotFound');
  }
  if (slot.notified_at) throw new AppError('FAILED_PRECONDITION', 'error.noticeAlreadySent');
  return slot.notice_threshold !== threshold;
}

/**
 * Choosing again what is already chosen writes nothing; a refusal is found by a read outside the writers'
 * lock; a real change spends a unit of the patient's budget (docs/decisions/043).
 */
export async function setMyNoticeThreshold({ store, ownerId, slotId, threshold, budget }: SetNoticeThresholdOptions) {
  await writePatientChange(store, budget, {
    read: (db) =>
      db
        .selectFrom('reservation_slots')
        .select(['owner_id', 'session_id', 'notified_at', 'notice_threshold'])
        .select((eb) => eb.selectFrom('runtime').select('current_session_id').where('runtime.id', '=', 1).as('current_session_id'))
        .where('id', '=', slotId)
        .where(activeSlot)
        .executeTakeFirst(),
    decide: (slot) => (thresholdChanges(slot, { ownerId, sessionId: slot?.current_session_id ?? null }, threshold) ? threshold : null),
    async apply({ tx, emit, now }, notice_threshold) {
      await tx.updateTable('reservation_slots').set({ notice_threshold, updated_at: now }).where('id', '=', slotId).execute();
      emit({ type: 'slotMarked', slotId });
    },
  });
  return { ok: true as const, threshold };
}
