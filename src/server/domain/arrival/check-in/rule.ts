/** The patient's check-in (来院確認, docs/decisions/048), the rule: which slot may arrive, and on which code. */
import { AppError } from '../../../errors.js';
import type { SlotTable } from '../../../storage/schema.js';

/** What the rule needs: the patient's active slot with that id (if any), the open session and the secret. */
export type CheckInRow = Pick<SlotTable, 'owner_id' | 'session_id' | 'arrived_at'> & {
  current_session_id: string | null;
  /** As stored: sealed (../keys.ts). */
  checkin_secret: string | null;
  /** When the slot's session opened: the session's wrong-code counter is dated by it. */
  session_opened_at: string | null;
};

export type CheckInDecision = { kind: 'arrive' } | { kind: 'already'; arrivedAt: string };

/**
 * The rule, in the order it answers: someone else's, missing or inactive slot reads as not found (no
 * probing for other patients' numbers, and no code is tried against it); a wrong or stale code is refused;
 * a patient already checked in is answered as such; otherwise they arrive now.
 */
export function decideCheckIn(
  row: Pick<CheckInRow, 'owner_id' | 'session_id' | 'arrived_at' | 'current_session_id'> | undefined,
  ownerId: string | null,
  codeRight: boolean,
): CheckInDecision {
  if (!row || row.owner_id !== ownerId || row.session_id !== row.current_session_id) {
    throw new AppError('NOT_FOUND', 'error.reservationNotFound');
  }
  if (!codeRight) throw wrongCode();
  return row.arrived_at ? { kind: 'already', arrivedAt: row.arrived_at } : { kind: 'arrive' };
}

const wrongCode = () => new AppError('FAILED_PRECONDITION', 'error.checkinCodeWrong');
