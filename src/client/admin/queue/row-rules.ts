/**
 * Which buttons a row of the staff list offers (docs/product.md, "Queue rules" and "Checks before an action"). Pure, so the rules are tested without
 * a browser and the row component only draws what this says.
 */
import { slotStatus, type SlotStatus } from '../../../shared/queue/rules.js';
import type { PatientChannel, StaffSlot } from '../../../shared/queue/slot.js';
import type { MarkAction } from '../../../shared/schemas/functions.js';

/**
 * 'call': the monitor calls the number out without starting the consultation (issue 15). 'absent' and
 * 'undoAbsent': called and not there, the patient moves back (issue 34). 'arrive' and 'unarrive' are the
 * 来院済 column's button, not a place among the actions.
 */
export type RowAction = MarkAction | 'recall' | 'call' | 'absent' | 'undoAbsent' | 'arrive' | 'unarrive' | 'ticket';

/**
 * The buttons sit in fixed places so they never jump under the receptionist's pointer: each place shows
 * an action or its undo, or stays empty.
 */
export const ACTION_PLACES = [
  ['start', 'undoStart'],
  ['call'],
  ['absent'],
  ['undoAbsent'],
  ['recall'],
  ['delete', 'undoDelete'],
  ['hold', 'undoHold'],
  ['confirm'],
] as const satisfies readonly (readonly RowAction[])[];

export type ActionPlace = (typeof ACTION_PLACES)[number];

/**
 * The places of one row. With absentFirst (the clinic's setting, on the head row while its patient has not
 * checked in) 不在 comes first: the likely step when the head is called and nobody comes. Only the first
 * three places turn; the others stay where they are on every row.
 */
export function actionPlaces(absentFirst: boolean): readonly ActionPlace[] {
  if (!absentFirst) return ACTION_PLACES;
  const [start, call, absent, ...rest] = ACTION_PLACES;
  return [absent, start, call, ...rest];
}

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

/** A desk number still in the queue may have its ticket printed again (docs/decisions/068): the number cell's button. */
export function canPrintTicket(slot: StaffSlot): boolean {
  return slot.reservedType === 'ADMIN' && inQueue(slotStatus(slot), slot);
}

/** Recall goes once, and only to a LINE or PWA patient who is still in the queue. */
export function canRecall(slot: StaffSlot): boolean {
  return patientChannel(slot) !== null && slot.notifiedAheadAt === null && inQueue(slotStatus(slot), slot);
}

/** An online reservation staff have not yet confirmed at the desk. */
export function needsConfirm(slot: StaffSlot): boolean {
  return patientChannel(slot) !== null && slot.adminConfirmedAt === null && inQueue(slotStatus(slot), slot);
}

/** 不在 is for a waiting number (not held, started or cancelled): the head or any other. */
export function canMarkAbsent(slot: StaffSlot): boolean {
  return slotStatus(slot) === 'waiting' && !canceledByPatient(slot);
}

/**
 * The last absence can be taken back, once, while the number is still in the queue (moved back, or held by
 * it). The server keeps one place to go back to: an undo clears `absentAt`, so an earlier absence shows
 * in the count but offers no undo.
 */
export function canUndoAbsent(slot: StaffSlot): boolean {
  return slot.absences > 0 && slot.absentAt !== null && inQueue(slotStatus(slot), slot);
}

/** Staff record arrival (来院済) for a number still in the queue, and take it back. */
export function arrivalAction(slot: StaffSlot): 'arrive' | 'unarrive' | null {
  if (!inQueue(slotStatus(slot), slot)) return null;
  return slot.arrivedAt === null ? 'arrive' : 'unarrive';
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
    ...extra('absent', canMarkAbsent(slot)),
    ...extra('undoAbsent', canUndoAbsent(slot)),
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
