/**
 * Which slot the staff 呼出 may call (issue 15): any reserved slot of the open session that is not cancelled
 * (the open session is session-slot.ts's check, made before). A cancelled number has left the queue: calling
 * it would send someone to the desk for nothing, so it is answered as missing, as a patient's cancelled
 * number is everywhere else. Started and held numbers may be called: staff call back who stepped out.
 */
import { AppError } from '../../errors.js';
import type { SlotTable } from '../../storage/schema.js';

/** Throws when the slot may not be called; else the number the monitor speaks. */
export function calloutNumber(slot: Pick<SlotTable, 'canceled' | 'reservation_number'>): number {
  if (slot.canceled) throw new AppError('NOT_FOUND', 'error.slotNotFound');
  return slot.reservation_number;
}
