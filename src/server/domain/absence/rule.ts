/**
 * Absent when called (不在, issue 34; docs/decisions/047-absent-when-called.md): the pure rules. Pressing
 * 不在 on a waiting row moves it back a few places among the waiting rows (or holds it once it has been
 * absent often enough); its undo puts it back. apply.ts reads the rows these need and writes their answer
 * in one transaction.
 */
import { AppError } from '../../errors.js';
import type { SlotTable } from '../../storage/schema.js';
import { restoreFromRecord, undoRecord } from './undo.js';

/** The clinic's absence settings (runtime row): places to move back (0 = to the end) and the absence that holds. */
export interface AbsenceSettings {
  places: number;
  holdAfter: number;
}

/** A waiting row's place: what ordering the queue needs (docs/api.md "Queue order"). */
export type Placed = Pick<SlotTable, 'id' | 'queue_position' | 'reservation_number'>;

export type AbsentRow = Pick<
  SlotTable,
  | 'id'
  | 'queue_position'
  | 'absences'
  | 'absent_from_position'
  | 'absent_places'
  | 'hold'
  | 'canceled'
  | 'canceled_line_at'
  | 'canceled_pwa_at'
  | 'is_reception_accepted'
  | 'notified_at'
  | 'notice_threshold'
  | 'absent_at'
  | 'hold_at'
  | 'absent_undo'
>;

export type AbsenceChange = Partial<
  Pick<
    SlotTable,
    'queue_position' | 'absences' | 'absent_at' | 'absent_places' | 'absent_from_position' | 'hold' | 'hold_at' | 'notified_at' | 'absent_undo'
  >
>;

export type AbsenceDecision =
  /** The desk saw another count: another desk (or an undo) got there first, so nothing changes. */
  | { outcome: null }
  /** Moved back `places` (0 when nobody waits behind), with `ahead` people ahead afterwards. */
  | { outcome: 'moved'; change: AbsenceChange; places: number; ahead: number }
  | { outcome: 'held'; change: AbsenceChange };

const conflict = () => new AppError('FAILED_PRECONDITION', 'error.slotStateConflict');

/** Waiting as 不在 means it: reserved, neither cancelled (by anyone) nor started, and not already held. */
function isWaiting(row: AbsentRow): boolean {
  return !row.canceled && !row.canceled_line_at && !row.canceled_pwa_at && !row.is_reception_accepted && !row.hold;
}

/**
 * Where the row goes: the midpoint between the Nth and (N+1)th waiting rows behind it, or, with fewer
 * than N+1 behind (or N = 0), just behind the last one: midpoint(last, floor(last) + 1). Every place is
 * below the next number to be handed out (a new number's place is its number), so a patient who takes a
 * number later still queues behind the one moved to the end.
 */
export function placeBehind(behind: readonly Placed[], places: number): { position: number; places: number } | null {
  if (behind.length === 0) return null;
  if (places > 0 && behind.length > places) {
    return { position: (behind[places - 1].queue_position + behind[places].queue_position) / 2, places };
  }
  const last = behind[behind.length - 1].queue_position;
  return { position: (last + Math.floor(last) + 1) / 2, places: behind.length };
}

/**
 * 不在 on `row`. `waiting` are the session's active, non-held rows in queue order (the row among them when
 * it waits); `seen` is the absence count the desk showed. A row that is not waiting is refused.
 */
export function decideAbsence(row: AbsentRow, waiting: readonly Placed[], settings: AbsenceSettings, seen: number, now: string): AbsenceDecision {
  // First: a desk that pressed a moment after another one gets "already done", even if it held the row.
  if (row.absences !== seen) return { outcome: null };
  const index = waiting.findIndex((w) => w.id === row.id);
  if (!isWaiting(row) || index < 0) throw conflict();
  const absences = row.absences + 1;
  const common = { absences, absent_at: now, absent_from_position: row.queue_position };
  // Each absence keeps what it changed (undo.ts), so its undo restores exactly that, whatever came before.
  const recorded = (change: AbsenceChange): AbsenceChange => ({ ...change, absent_undo: undoRecord(row, change) });
  if (absences >= settings.holdAfter) {
    return { outcome: 'held', change: recorded({ ...common, absent_places: null, hold: 1, hold_at: now }) };
  }
  const target = placeBehind(waiting.slice(index + 1), settings.places);
  const places = target?.places ?? 0;
  const ahead = index + places;
  const change: AbsenceChange = { ...common, absent_places: places };
  if (target) change.queue_position = target.position;
  // Moved beyond their own threshold, the turn-is-near notice must come again when they come near.
  if (row.notified_at && ahead > row.notice_threshold) change.notified_at = null;
  return { outcome: 'moved', change: recorded(change), places, ahead };
}

/**
 * The undo of the last absence: what it changed is restored from its record (undo.ts), the absence before
 * it then stands again and can be undone in turn. A row whose absence predates the record (migration 0019)
 * is undone once, the old way. A row that was started or cancelled since is refused; so is a row with no
 * absence left to undo.
 */
export function decideUndo(row: AbsentRow, seen: number): AbsenceChange | null {
  if (row.absences !== seen) return null;
  if (row.canceled || row.canceled_line_at || row.canceled_pwa_at || row.is_reception_accepted) throw conflict();
  if (row.absent_from_position === null || row.absences < 1) throw new AppError('FAILED_PRECONDITION', 'error.absenceUndoNone');
  const restored = restoreFromRecord(row);
  if (restored) return { ...restored, absences: row.absences - 1 };
  const change: AbsenceChange = {
    queue_position: row.absent_from_position,
    absences: row.absences - 1,
    absent_at: null,
    absent_places: null,
    absent_from_position: null,
  };
  // The absence that held the row is undone by un-holding it; a hold staff set by hand after a move stays.
  if (row.absent_places === null && row.hold) Object.assign(change, { hold: 0, hold_at: null });
  return change;
}

/** Whether the patient is told: LINE only while the clinic sends recalls by LINE (an absence is a call to the desk). */
export function absenceNoticeGoes(reservedType: string | null, lineRecallOn: boolean): boolean {
  if (reservedType === 'PWA') return true;
  return reservedType === 'LINE' && lineRecallOn;
}
