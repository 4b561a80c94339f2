/**
 * The patient's own notice (issue 14, docs/decisions/021 and 055): the owner of an active reservation
 * chooses how many people ahead they want to be told at, or how many minutes before their turn ("leave
 * home by": when the shown range's low edge reaches it). The change itself sends nothing; the next queue
 * change (people) or the minute's check (minutes) looks at the new choice like any other, and a notice
 * already sent is never sent again.
 */
import { AppError } from '../../../errors.js';
import type { SlotTable } from '../../../storage/schema.js';

/** People ahead, or minutes before the turn: exactly one (the payload's schema sees to it). */
export type NoticeChoice = { threshold: number; minutes?: undefined } | { minutes: number; threshold?: undefined };

export type OwnSlot = Pick<SlotTable, 'owner_id' | 'session_id' | 'notified_at' | 'notice_threshold' | 'notice_minutes'>;
export type NoticeColumns = Pick<SlotTable, 'notice_threshold' | 'notice_minutes'>;

/**
 * The columns to write (null: already so). `slot` is the active reservation with that id, if any; throws
 * when it is not this patient's in the open session, or its notice already went out. Choosing minutes keeps
 * the people threshold as it was (choosing people again brings it back); choosing people clears minutes.
 */
export function noticeChange(slot: OwnSlot | undefined, who: { ownerId: string; sessionId: string | null }, choice: NoticeChoice): NoticeColumns | null {
  // Someone else's slot reads exactly like a missing one: no probing for other patients' numbers.
  if (!slot || slot.owner_id !== who.ownerId || slot.session_id !== who.sessionId) {
    throw new AppError('NOT_FOUND', 'error.reservationNotFound');
  }
  if (slot.notified_at) throw new AppError('FAILED_PRECONDITION', 'error.noticeAlreadySent');
  const next: NoticeColumns =
    choice.minutes !== undefined
      ? { notice_threshold: slot.notice_threshold, notice_minutes: choice.minutes }
      : { notice_threshold: choice.threshold, notice_minutes: null };
  return next.notice_threshold === slot.notice_threshold && next.notice_minutes === slot.notice_minutes ? null : next;
}
