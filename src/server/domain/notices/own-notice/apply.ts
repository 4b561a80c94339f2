/** The patient's own notice, applied: one small write when the choice changes (the rule is rule.ts). */
import type { Store } from '../../../storage/port.js';
import { activeSlot } from '../../../storage/slot-row.js';
import { type PatientBudget, writePatientChange } from '../../patient-change.js';
import { type NoticeChoice, type NoticeColumns, noticeChange } from './rule.js';

export interface SetNoticeThresholdOptions {
  store: Store;
  ownerId: string;
  slotId: string;
  choice: NoticeChoice;
  budget?: PatientBudget;
}

/**
 * Choosing again what is already chosen writes nothing; a refusal is found by a read outside the writers'
 * lock; a real change spends a unit of the patient's budget (docs/decisions/043).
 */
export async function setMyNoticeThreshold({ store, ownerId, slotId, choice, budget }: SetNoticeThresholdOptions) {
  let chosen: NoticeColumns | null = null;
  let current: NoticeColumns | null = null;
  await writePatientChange(store, budget, {
    slotId,
    read: (db) =>
      db
        .selectFrom('reservation_slots')
        .select(['owner_id', 'session_id', 'notified_at', 'notice_threshold', 'notice_minutes'])
        .select((eb) => eb.selectFrom('runtime').select('current_session_id').where('runtime.id', '=', 1).as('current_session_id'))
        .where('id', '=', slotId)
        .where(activeSlot)
        .executeTakeFirst(),
    decide: (slot) => {
      chosen = noticeChange(slot, { ownerId, sessionId: slot?.current_session_id ?? null }, choice);
      current = slot ? { notice_threshold: slot.notice_threshold, notice_minutes: slot.notice_minutes } : null;
      return chosen;
    },
    async apply({ tx, emit, now }, columns) {
      await tx.updateTable('reservation_slots').set({ ...columns, updated_at: now }).where('id', '=', slotId).execute();
      emit({ type: 'slotMarked', slotId });
    },
  });
  const stands: NoticeColumns = chosen ?? current!;
  return { ok: true as const, threshold: stands.notice_threshold, minutes: stands.notice_minutes };
}
