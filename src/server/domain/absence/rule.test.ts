import { describe, expect, it } from 'vitest';
import { refusalOf as refusal } from '../../../../test/support/refusal.js';
import { absenceNoticeGoes, type AbsentRow, decideAbsence, decideUndo, type Placed, placeBehind } from './rule.js';
import { absenceNoticeBody, parseAbsenceNotice } from './notice-body.js';

const NOW = '2026-11-27T01:00:00.000Z';
const EARLIER = '2026-11-27T00:30:00.000Z';
const placed = (n: number, position = n): Placed => ({ id: `s${n}`, reservation_number: n, queue_position: position });
/** Waiting rows 1..count in number order, each in its number's place. */
const queue = (count: number) => Array.from({ length: count }, (_, i) => placed(i + 1));
const row = (n: number, over: Partial<AbsentRow> = {}): AbsentRow => ({
  id: `s${n}`, queue_position: n, absences: 0, absent_from_position: null, absent_places: null, hold: 0, canceled: 0,
  canceled_line_at: null, canceled_pwa_at: null, is_reception_accepted: 0, notified_at: null, notice_threshold: 5, absent_at: null,
  hold_at: null, absent_undo: null, ...over,
});
const settings = { places: 3, holdAfter: 2 };
/** The queue after applying a move: ids in queue order. */
function reorder(waiting: Placed[], id: string, position: number): string[] {
  return waiting
    .map((w) => (w.id === id ? { ...w, queue_position: position } : w))
    .sort((a, b) => a.queue_position - b.queue_position || a.reservation_number - b.reservation_number)
    .map((w) => w.id);
}

describe('decideAbsence', () => {
  it('moves the head back N places, between the Nth and the (N+1)th waiting row behind it', () => {
    const d = decideAbsence(row(1), queue(10), settings, 0, NOW);
    expect(d).toEqual({
      outcome: 'moved', places: 3, ahead: 3,
      change: { absences: 1, absent_at: NOW, absent_from_position: 1, absent_places: 3, queue_position: 4.5, absent_undo: expect.any(String) },
    });
    expect(reorder(queue(10), 's1', 4.5).slice(0, 5)).toEqual(['s2', 's3', 's4', 's1', 's5']);
  });

  it('moves a row from the middle, counting only the waiting rows given (held and started ones are not passed)', () => {
    // #3 and #6 are not waiting (held or started): the rows behind #4 are #5, #7, #8, #9.
    const waiting = [1, 2, 4, 5, 7, 8, 9].map((n) => placed(n));
    const d = decideAbsence(row(4), waiting, settings, 0, NOW);
    expect(d).toMatchObject({ outcome: 'moved', places: 3, ahead: 5, change: { queue_position: 8.5 } });
    expect(reorder(waiting, 's4', 8.5)).toEqual(['s1', 's2', 's5', 's7', 's8', 's4', 's9']);
  });

  it('moves between rows already moved back, whatever their numbers', () => {
    // #2 was moved behind #5 earlier (place 5.5): the queue reads 1, 3, 4, 5, 2, 6, 7.
    const waiting = [placed(1), placed(3), placed(4), placed(5), placed(2, 5.5), placed(6), placed(7)];
    const d = decideAbsence(row(3), waiting, settings, 0, NOW);
    expect(d).toMatchObject({ places: 3, ahead: 4, change: { queue_position: 5.75 } });
    expect(reorder(waiting, 's3', 5.75)).toEqual(['s1', 's4', 's5', 's2', 's3', 's6', 's7']);
  });

  it('goes to the end when fewer than N+1 wait behind, below the next number to be handed out', () => {
    const d = decideAbsence(row(8), queue(10), settings, 0, NOW);
    expect(d).toMatchObject({ outcome: 'moved', places: 2, ahead: 9, change: { queue_position: 10.5, absent_places: 2 } });
    // Exactly N behind is still "to the end": there is no (N+1)th row to stand before.
    expect(decideAbsence(row(7), queue(10), settings, 0, NOW)).toMatchObject({ places: 3, change: { queue_position: 10.5 } });
    // Behind a row that was itself moved to the end (10.5): still below 11, the next number.
    const moved = [...queue(10).filter((w) => w.id !== 's9'), placed(9, 10.5)];
    expect(decideAbsence(row(10), moved, settings, 0, NOW)).toMatchObject({ places: 1, change: { queue_position: 10.75 } });
  });

  it('with the setting 0 ("to the end") always goes behind the last waiting row', () => {
    expect(decideAbsence(row(1), queue(30), { places: 0, holdAfter: 5 }, 0, NOW)).toMatchObject({
      outcome: 'moved', places: 29, ahead: 29, change: { queue_position: 30.5 },
    });
  });

  it('with nobody behind keeps the place: an absence of 0 places', () => {
    const d = decideAbsence(row(3), queue(3), settings, 0, NOW);
    expect(d).toEqual({ outcome: 'moved', places: 0, ahead: 2, change: { absences: 1, absent_at: NOW, absent_from_position: 3, absent_places: 0, absent_undo: expect.any(String) } });
  });

  it('holds instead once the count reaches the setting, keeping its place', () => {
    const d = decideAbsence(row(5, { absences: 1, queue_position: 5.5 }), queue(10), settings, 1, NOW);
    expect(d).toEqual({
      outcome: 'held',
      change: { absences: 2, absent_at: NOW, absent_from_position: 5.5, absent_places: null, hold: 1, hold_at: NOW, absent_undo: expect.any(String) },
    });
    // Set to hold at the first absence: no move at all.
    expect(decideAbsence(row(1), queue(10), { places: 3, holdAfter: 1 }, 0, NOW)).toMatchObject({ outcome: 'held' });
    // A count already past a lowered setting still holds.
    expect(decideAbsence(row(1, { absences: 4 }), queue(10), { places: 3, holdAfter: 2 }, 4, NOW)).toMatchObject({ outcome: 'held' });
  });

  it('re-arms the turn-is-near notice only when the move takes the patient past their own threshold', () => {
    const sent = { notified_at: EARLIER };
    // #2 (1 ahead) moves 3 back: 4 ahead, within the default 5 — the notice already sent stands.
    expect(decideAbsence(row(2, sent), queue(20), settings, 0, NOW)).not.toHaveProperty('change.notified_at');
    // With threshold 3, 4 ahead is beyond it: notified_at is cleared, so it is sent again when they come near.
    expect(decideAbsence(row(2, { ...sent, notice_threshold: 3 }), queue(20), settings, 0, NOW)).toMatchObject({
      ahead: 4, change: { notified_at: null },
    });
    // Not sent yet: nothing to re-arm.
    expect(decideAbsence(row(2, { notice_threshold: 3 }), queue(20), settings, 0, NOW)).not.toHaveProperty('change.notified_at');
    // Held: no people ahead to compare, the notice is left as it is.
    expect(decideAbsence(row(2, { ...sent, notice_threshold: 1, absences: 1 }), queue(20), settings, 1, NOW)).not.toHaveProperty('change.notified_at');
  });

  it('changes nothing when the desk saw another count (a second desk pressing at the same moment)', () => {
    expect(decideAbsence(row(1, { absences: 1 }), queue(10), settings, 0, NOW)).toEqual({ outcome: null });
    // Even once the first press held it: the late desk is told "already done", not refused.
    expect(decideAbsence(row(1, { absences: 2, hold: 1 }), queue(10).slice(1), settings, 1, NOW)).toEqual({ outcome: null });
  });

  it('refuses a row that is not waiting: held, started, cancelled by staff or the patient', () => {
    const conflict = 'FAILED_PRECONDITION:error.slotStateConflict';
    const others = queue(10).slice(1);
    expect(refusal(() => decideAbsence(row(1, { hold: 1 }), others, settings, 0, NOW))).toBe(conflict);
    expect(refusal(() => decideAbsence(row(1, { is_reception_accepted: 1 }), others, settings, 0, NOW))).toBe(conflict);
    expect(refusal(() => decideAbsence(row(1, { canceled: 1 }), others, settings, 0, NOW))).toBe(conflict);
    expect(refusal(() => decideAbsence(row(1, { canceled_line_at: NOW }), others, settings, 0, NOW))).toBe(conflict);
    expect(refusal(() => decideAbsence(row(1, { canceled_pwa_at: NOW }), others, settings, 0, NOW))).toBe(conflict);
  });
});

describe('placeBehind', () => {
  it('is null with nobody behind, and never passes more rows than wait', () => {
    expect(placeBehind([], 3)).toBeNull();
    expect(placeBehind([placed(2)], 3)).toEqual({ position: 2.5, places: 1 });
    expect(placeBehind([placed(2), placed(3), placed(4), placed(5)], 3)).toEqual({ position: 4.5, places: 3 });
  });
});

describe('decideUndo', () => {
  const moved = row(1, { absences: 1, queue_position: 4.5, absent_from_position: 1, absent_places: 3, absent_at: NOW } as Partial<AbsentRow>);

  it('puts a moved row back in its place, one absence fewer', () => {
    expect(decideUndo(moved, 1)).toEqual({ queue_position: 1, absences: 0, absent_at: null, absent_places: null, absent_from_position: null });
  });

  it('un-holds the row the absence held', () => {
    const held = row(5, { absences: 2, hold: 1, absent_from_position: 5.5, queue_position: 5.5, absent_places: null });
    expect(decideUndo(held, 2)).toEqual({
      queue_position: 5.5, absences: 1, absent_at: null, absent_places: null, absent_from_position: null, hold: 0, hold_at: null,
    });
    // Held by hand after a move: the undo restores the place and leaves the staff's hold.
    expect(decideUndo({ ...moved, hold: 1 }, 1)).not.toHaveProperty('hold');
  });

  it('changes nothing when the desk saw another count', () => {
    expect(decideUndo(moved, 2)).toBeNull();
    expect(decideUndo(row(1), 1)).toBeNull();
  });

  it('refuses a second undo, and a row started or cancelled since', () => {
    const undone = row(1, { absences: 1, absent_from_position: null });
    expect(refusal(() => decideUndo(undone, 1))).toBe('FAILED_PRECONDITION:error.absenceUndoNone');
    expect(refusal(() => decideUndo({ ...moved, is_reception_accepted: 1 }, 1))).toBe('FAILED_PRECONDITION:error.slotStateConflict');
    expect(refusal(() => decideUndo({ ...moved, canceled_pwa_at: NOW }, 1))).toBe('FAILED_PRECONDITION:error.slotStateConflict');
  });
});

describe('the absence notice', () => {
  it('goes to app patients, and to LINE patients only while LINE recalls are on; never to walk-ins', () => {
    expect(absenceNoticeGoes('PWA', false)).toBe(true);
    expect(absenceNoticeGoes('LINE', true)).toBe(true);
    expect(absenceNoticeGoes('LINE', false)).toBe(false);
    expect(absenceNoticeGoes('ADMIN', true)).toBe(false);
  });

  it('carries its outcome in the outbox body and reads back only what it wrote', () => {
    expect(parseAbsenceNotice(absenceNoticeBody({ outcome: 'moved', places: 3 }))).toEqual({ outcome: 'moved', places: 3 });
    expect(parseAbsenceNotice(absenceNoticeBody({ outcome: 'held', places: null }))).toEqual({ outcome: 'held', places: null });
    for (const body of [null, '', 'text', '{"outcome":"moved","places":-1}', '{"outcome":"moved"}', '[]']) expect(parseAbsenceNotice(body)).toBeNull();
  });
});
