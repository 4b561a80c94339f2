/** 移動 and its undo among a row's actions (decision 067): only with several queues, only in the queue. */
import { describe, expect, it } from 'vitest';
import type { StaffSlot } from '../../../shared/queue/slot.js';
import { actionPlaces, ACTION_PLACES, MOVE_PLACE, rowActions } from './row-rules.js';

const waiting = {
  id: 's1', reservationNumber: 1, isReserved: true, canceled: false, canceledAt: null, isReceptionAccepted: false, receptionAcceptedAt: null,
  reservedType: 'ADMIN', reservedAt: '2026-12-01T00:00:00Z', hold: false, holdAt: null, canceledLineAt: null, canceledPwaAt: null, notifiedAheadAt: null,
  adminConfirmedAt: null, absences: 0, absentAt: null, arrivedAt: null,
} as unknown as StaffSlot;

describe('the move place', () => {
  it('offers 移動 on a waiting or held row of a clinic with several queues, and its undo where this desk just moved it', () => {
    expect(rowActions(waiting)).not.toContain('move');
    expect(rowActions(waiting, { severalQueues: false, undoable: false })).not.toContain('move');
    expect(rowActions(waiting, { severalQueues: true, undoable: false })).toContain('move');
    expect(rowActions({ ...waiting, hold: true, holdAt: '2026-12-01T00:02:00Z' }, { severalQueues: true, undoable: false })).toContain('move');
    const undo = rowActions(waiting, { severalQueues: true, undoable: true });
    expect(undo).toContain('undoMove');
    expect(undo).not.toContain('move');
  });

  it('offers neither on a started or cancelled row', () => {
    const several = { severalQueues: true, undoable: true };
    expect(rowActions({ ...waiting, isReceptionAccepted: true }, several)).toEqual(['undoStart']);
    expect(rowActions({ ...waiting, canceled: true }, several)).toEqual(['undoDelete']);
    expect(rowActions({ ...waiting, canceled: true, canceledPwaAt: '2026-12-01T00:01:00Z' }, several)).toEqual([]);
    // Cancelled by the patient while the row still reads as waiting: not the desk's to move.
    expect(rowActions({ ...waiting, canceledPwaAt: '2026-12-01T00:01:00Z' }, several)).not.toContain('move');
  });

  it('adds the place last only with several queues, whoever stands first', () => {
    expect(actionPlaces(false)).toBe(ACTION_PLACES);
    expect(actionPlaces(false, true).at(-1)).toBe(MOVE_PLACE);
    expect(actionPlaces(true, true).at(-1)).toBe(MOVE_PLACE);
    expect(actionPlaces(true, true)[0]).toEqual(['absent']);
  });
});
