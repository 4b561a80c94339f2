/**
 * Which buttons a row of the staff list offers (docs/product.md, "Queue rules" and "Checks before an action"). Pure, so the rules are tested without
 * a browser and the row component only draws what this says.
 */
import { slotStatus, type SlotStatus } from '../../../shared/queue/rules.js';
import type { PatientChannel, StaffSlot } from '../../../shared/queue/slot.js';
import type { MarkAction } from '../../../shared/schemas/functions.js';

/** 'call': the monitor calls the number out without starting the consultation (issue 15). */
export type RowAction = MarkAction | 'recall' | 'call';

/**
 * The buttons sit in fixed places so they never jump under the receptionist's pointer: each place shows
 * an action or its undo, or stays empty.
 */
export const ACTION_PLACES = [
  ['start', 'undoStart'],
  ['call'],
  ['recall'],
  ['delete', 'undoDelete'],
  ['hold', 'undoHold'],
  ['confirm'],
] as const satisfies readonly (readonly RowAction[])[];

export function patientChannel(slot: Pick<StaffSlot, 'reservedType'>): PatientChannel | null {
  return slot.reservedType === 'LINE' || slot.reservedType === 'PWA' ? slot.reservedType : null;
}

export function canceledByPatient(slot: Pick<StaffSlot, 'canceledLineAt' | 'canceledPwaAt'>): boolean {
  return slot.canceledLineAt !== null || slot.canceledPwaAt !== null;
}

/** Still in the queue: waiting or held, and the patient has not cancelled. */
function inQueue(status: SlotStatus, slot: StaffSlot): boolean {
  return (status === 'waiting' || status === 'hold') && !canceledByPatient(slot);
}

/** Recall goes once, and only to a LINE or PWA patient who is still in the queue. */
export function canRecall(slot: StaffSlot): boolean {
  return patientChannel(slot) !== null && slot.notifiedAheadAt === null && inQueue(slotStatus(slot), slot);
}

/** An online reservation staff have not yet confirmed at the desk. */
export function needsConfirm(slot: StaffSlot): boolean {
  return patientChannel(slot) !== null && slot.adminConfirmedAt === null && inQueue(slotStatus(slot), slot);
}

export function rowActions(slot: StaffSlot): RowAction[] {
  const status = slotStatus(slot);
  if (status === 'canceled') {
    // A patient's own cancellation is theirs to make: the server refuses to undo it, so no button.
    return canceledByPatient(slot) ? [] : ['undoDelete'];
  }
  if (status === 'serving') return ['undoStart'];
  const extra = (action: RowAction, when: boolean): RowAction[] => (when ? [action] : []);
  return [
    'start',
    ...extra('call', inQueue(status, slot)),
    ...extra('recall', canRecall(slot)),
    'delete',
    status === 'hold' ? 'undoHold' : 'hold',
    ...extra('confirm', needsConfirm(slot)),
  ];
}

/** Rows shown by default are the ones still in the queue; the checkbox adds started and deleted rows. */
export function isShown(slot: StaffSlot, showDone: boolean): boolean {
  return showDone || inQueue(slotStatus(slot), slot);
}
