/**
 * The patient's own notice (issue 14, docs/decisions/021): the owner of an active reservation chooses how
 * many people ahead they want to be told at. The change itself sends nothing; the next queue change checks
 * the new threshold like any other (enqueueAheadNotices), and a notice already sent is never sent again.
 */
import { AppError } from '../errors.js';
import type { Store } from '../storage/port.js';

export interface SetNoticeThresholdOptions {
  store: Store;
  ownerId: string;
  slotId: string;
  threshold: number;
}

export async function setMyNoticeThreshold({ store, ownerId, slotId, threshold }: SetNoticeThresholdOptions) {
  return store.write(async ({ tx, emit, now, runtime }) => {
    const slot = await tx
      .selectFrom('reservation_slots')
      .select(['id', 'owner_id', 'session_id', 'notified_at', 'notice_threshold'])
      .where('id', '=', slotId)
      .where('is_reserved', '=', 1)
      .where('canceled', '=', 0)
      .where('is_reception_accepted', '=', 0)
      .where('canceled_line_at', 'is', null)
      .where('canceled_pwa_at', 'is', null)
      .executeTakeFirst();
    // Someone else's slot reads exactly like a missing one: no probing for other patients' numbers.
    if (!slot || slot.owner_id !== ownerId || slot.session_id !== runtime.current_session_id) {
      throw new AppError('NOT_FOUND', 'error.reservationNotFound');
    }
    if (slot.notified_at) throw new AppError('FAILED_PRECONDITION', 'error.noticeAlreadySent');
    if (slot.notice_threshold !== threshold) {
      await tx.updateTable('reservation_slots').set({ notice_threshold: threshold, updated_at: now }).where('id', '=', slotId).execute();
      emit({ type: 'slotMarked', slotId });
    }
    return { ok: true as const, threshold };
  });
}
