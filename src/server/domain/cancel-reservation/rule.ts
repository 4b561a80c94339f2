/** A patient cancels their own active reservation, the rule: theirs, or refused. The number is never handed out again. */
import type { PatientChannel } from '../../../shared/queue/slot.js';
import { AppError } from '../../errors.js';
import type { SlotTable } from '../../storage/schema.js';

export type CancelChange = Partial<Pick<SlotTable, 'canceled' | 'canceled_at' | 'canceled_line_at' | 'canceled_pwa_at'>>;

/**
 * The cancellation of `slot` (the active reservation with that id, if any), stamped with the channel the
 * patient cancelled through (staff cannot undo a patient's own cancellation); throws when it is not theirs.
 */
export function cancelChange(
  slot: Pick<SlotTable, 'owner_id' | 'reservation_number'> | undefined,
  who: { ownerId: string; channel: PatientChannel; reservationNumber: number },
  now: string,
): CancelChange {
  // Someone else's slot reads exactly like a missing one: no probing for other patients' numbers.
  if (!slot || slot.owner_id !== who.ownerId || slot.reservation_number !== who.reservationNumber) {
    throw new AppError('NOT_FOUND', 'error.reservationNotFound');
  }
  return { canceled: 1, canceled_at: now, ...(who.channel === 'LINE' ? { canceled_line_at: now } : { canceled_pwa_at: now }) };
}

