/** Maps reservation_slots rows to the domain Slot of src/shared and back. */
import { AHEAD_NOTICE_THRESHOLD, type ReservedType, type Slot } from '../../shared/queue/slot.js';
import type { ExpressionBuilder } from 'kysely';
import type { Database, SlotTable } from './schema.js';
import { MAIN_QUEUE } from './queue-rows.js';

/**
 * `isActive` (src/shared/queue/rules.ts) in SQL, for `.where(activeSlot)`: reserved, cancelled by nobody
 * (staff, LINE or the app), not yet started. One condition for every read of the waiting rows.
 */
export const activeSlot = (eb: ExpressionBuilder<Database, 'reservation_slots'>) =>
  eb.and([
    eb('is_reserved', '=', 1),
    eb('canceled', '=', 0),
    eb('is_reception_accepted', '=', 0),
    eb('canceled_line_at', 'is', null),
    eb('canceled_pwa_at', 'is', null),
  ]);

export function rowToSlot(row: SlotTable): Slot {
  const type = row.reserved_type as ReservedType | null;
  return {
    id: row.id,
    sessionId: row.session_id,
    reservationNumber: row.reservation_number,
    ...(row.queue_id === MAIN_QUEUE ? {} : { queueId: row.queue_id }),
    isReserved: row.is_reserved === 1,
    canceled: row.canceled === 1,
    canceledAt: row.canceled_at,
    isReceptionAccepted: row.is_reception_accepted === 1,
    receptionAcceptedAt: row.reception_accepted_at,
    reservedType: type,
    reservedAt: row.reserved_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lineId: type === 'LINE' ? row.owner_id : null,
    pwaId: type === 'PWA' ? row.owner_id : null,
    hold: row.hold === 1,
    holdAt: row.hold_at,
    canceledLineAt: row.canceled_line_at,
    canceledPwaAt: row.canceled_pwa_at,
    notifiedAheadAt: row.notified_ahead_at,
    notifiedAt: row.notified_at,
    ahead5SkippedAt: row.ahead5_skipped_at,
    ahead5SkippedReason: row.ahead5_skipped_reason === 'adminConfirmed' ? 'adminConfirmed' : null,
    adminConfirmedAt: row.admin_confirmed_at,
    adminBeepAnnounced: row.admin_beep_announced === 1,
    queuePosition: row.queue_position,
    absences: row.absences,
    absentAt: row.absent_at,
    absentPlaces: row.absent_places,
    arrivedAt: row.arrived_at,
    arrivedBy: row.arrived_by === 'patient' || row.arrived_by === 'staff' ? row.arrived_by : null,
    familyId: row.family_id,
    memberName: row.member_name,
    noticeMinutes: row.notice_minutes,
    // Only on a number the desk moved (decision 067), so every other row's payload stays as it was.
    ...(row.moved_from === null || row.moved_from === undefined ? {} : { movedFrom: row.moved_from }),
  };
}

/** A fresh, unreserved slot of a reception session. */
export function freshSlotRow(sessionId: string, reservationNumber: number, id: string, now: string, queueId = MAIN_QUEUE): SlotTable {
  return {
    id,
    queue_id: queueId,
    active_scope: '',
    session_id: sessionId,
    reservation_number: reservationNumber,
    is_reserved: 0,
    canceled: 0,
    canceled_at: null,
    is_reception_accepted: 0,
    reception_accepted_at: null,
    reserved_type: null,
    reserved_at: null,
    created_at: now,
    updated_at: now,
    owner_id: null,
    hold: 0,
    hold_at: null,
    canceled_line_at: null,
    canceled_pwa_at: null,
    notified_ahead_at: null,
    notified_at: null,
    ahead5_skipped_at: null,
    ahead5_skipped_reason: null,
    admin_confirmed_at: null,
    admin_beep_announced: 0,
    notice_threshold: AHEAD_NOTICE_THRESHOLD,
    notice_lang: null,
    queue_position: reservationNumber,
    absences: 0,
    absent_at: null,
    absent_places: null,
    absent_from_position: null,
    absent_undo: null,
    arrived_at: null,
    arrived_by: null,
    family_id: null,
    member_name: null,
    member_index: 0,
    notice_minutes: null,
    moved_from: null,
  };
}
